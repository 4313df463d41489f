/**
 * What the till offers (admin spec §2 "Point of sale", §9): its catalogue of services and
 * products, the popular items and the customer search of the Complete Sale dialog. Prices in
 * naira.
 */

import { and, asc, desc, eq, gte, isNotNull, like, ne, or, sql } from "drizzle-orm";
import { likePattern } from "#common/paging.ts";
import {
  POPULAR_ITEMS_DAYS,
  POPULAR_ITEMS_LIMIT,
  POS_CLIENTS_PAGE,
  type PopularItem,
  type PosCatalogItem,
  type PosClientPage,
} from "#common/sales.ts";
import type { Db } from "#server/db/client.ts";
import { products, services } from "#server/db/schema/catalog.ts";
import { clients } from "#server/db/schema/clients.ts";
import { saleLines, sales } from "#server/db/schema/sales.ts";
import { availableStockSql } from "#server/db/stock.ts";
import { nationalDigits } from "./sale-client.ts";
import { DAY_MS, naira } from "./shared.ts";

/**
 * The services and products the till's tabs list (by name); prices in naira; a product's `stock`
 * is the units it can sell (server/db/stock.ts availableStockSql), as the shop shows it.
 */
export async function posCatalog(
  db: Db,
): Promise<{ services: PosCatalogItem[]; products: PosCatalogItem[] }> {
  const [s, p] = await Promise.all([
    db
      .select({
        id: services.id,
        name: services.name,
        category: services.category,
        priceKobo: services.priceKobo,
      })
      .from(services)
      .orderBy(asc(services.name), asc(services.id)),
    db
      .select({
        id: products.id,
        name: products.name,
        category: products.category,
        priceKobo: products.priceKobo,
        // What the till may sell: stock less the units pending shop checkouts hold.
        stock: availableStockSql(),
      })
      .from(products)
      .orderBy(asc(products.name), asc(products.id)),
  ]);
  return {
    services: s.map((r) => ({
      id: r.id,
      type: "service",
      name: r.name,
      category: r.category,
      price: r.priceKobo === null ? null : naira(r.priceKobo),
      stock: null,
    })),
    products: p.map((r) => ({
      id: r.id,
      type: "product",
      name: r.name,
      category: r.category,
      price: naira(r.priceKobo),
      stock: r.stock,
    })),
  };
}

/**
 * GET /api/popular-items (admin spec §2, §3, §9): the 12 items sold most (by units) in the last
 * 90 days of sales that were not voided, still in the catalogue, with the last price they sold
 * at; while the history holds fewer, the catalogue's first items (services, then products, by
 * id) fill the list.
 */
export async function popularItems(db: Db, now: Date = new Date()): Promise<PopularItem[]> {
  const since = new Date(now.getTime() - POPULAR_ITEMS_DAYS * DAY_MS);
  const sold = await db
    .select({
      itemType: saleLines.itemType,
      itemId: saleLines.itemId,
      qty: sql<number>`sum(${saleLines.quantity})`.mapWith(Number),
      lastPrice:
        sql<number>`(array_agg(${saleLines.unitPriceKobo} order by ${sales.soldAt} desc, ${saleLines.id} desc))[1]`.mapWith(
          Number,
        ),
      lastSold: sql<Date>`max(${sales.soldAt})`,
    })
    .from(saleLines)
    .innerJoin(sales, eq(sales.id, saleLines.saleId))
    .where(and(gte(sales.soldAt, since), ne(sales.status, "voided"), isNotNull(saleLines.itemId)))
    .groupBy(saleLines.itemType, saleLines.itemId)
    .orderBy(desc(sql`sum(${saleLines.quantity})`), desc(sql`max(${sales.soldAt})`))
    .limit(POPULAR_ITEMS_LIMIT * 2);
  const { services: svc, products: prd } = await posCatalog(db);
  const find = (type: string, id: number) =>
    (type === "service" ? svc : prd).find((i) => i.id === id);
  const out: PopularItem[] = [];
  for (const s of sold) {
    const item = find(s.itemType, s.itemId as number);
    if (!item || out.length >= POPULAR_ITEMS_LIMIT) continue;
    out.push({
      itemId: item.id,
      itemType: item.type,
      itemName: item.name,
      lastSoldPrice: naira(s.lastPrice),
      price: item.price,
      stock: item.stock,
      soldQuantity: s.qty,
    });
  }
  const byId = (a: PosCatalogItem, b: PosCatalogItem) => a.id - b.id;
  for (const item of [...[...svc].sort(byId), ...[...prd].sort(byId)]) {
    if (out.length >= POPULAR_ITEMS_LIMIT) break;
    if (item.price === null) continue;
    if (out.some((o) => o.itemType === item.type && o.itemId === item.id)) continue;
    out.push({
      itemId: item.id,
      itemType: item.type,
      itemName: item.name,
      lastSoldPrice: item.price,
      price: item.price,
      stock: item.stock,
      soldQuantity: 0,
    });
  }
  return out;
}

/**
 * GET /api/pos/clients?q=&page= (issue 29): one page (POS_CLIENTS_PAGE, by name) of the clients
 * whose name, email or phone holds `q` (case-insensitive), read straight from the clients table
 * (the clients area owns its writes). A phone may be typed in any form ('0803 123 4567',
 * '+234 803…', '234803…'): its digits are matched in national form against the generated
 * `search_text`, which holds each client's phone that way too. Fewer than 2 characters find
 * nobody.
 */
export async function searchPosClients(db: Db, q: string, page = 1): Promise<PosClientPage> {
  const text = q.trim();
  if (text.length < 2) return { clients: [], page, hasMore: false };
  const digits = text.replace(/[\s()+.-]/g, "");
  const phoneLike = /^\d{4,}$/.test(digits)
    ? like(clients.searchText, `%${nationalDigits(digits).replace(/^0/, "")}%`)
    : undefined;
  const rows = await db
    .select({
      id: clients.id,
      firstName: clients.firstName,
      lastName: clients.lastName,
      email: clients.email,
      phone: clients.phone,
    })
    .from(clients)
    .where(or(like(clients.searchText, likePattern(text.toLowerCase())), phoneLike))
    .orderBy(asc(clients.firstName), asc(clients.lastName), asc(clients.id))
    .limit(POS_CLIENTS_PAGE + 1)
    .offset((page - 1) * POS_CLIENTS_PAGE);
  return {
    clients: rows.slice(0, POS_CLIENTS_PAGE).map((r) => ({
      id: r.id,
      name: `${r.firstName} ${r.lastName}`.trim(),
      email: r.email,
      phone: r.phone,
    })),
    page,
    hasMore: rows.length > POS_CLIENTS_PAGE,
  };
}
