/**
 * The Clients screen's reads (common/clients.ts `ClientsPages`): the same service functions the
 * API calls, plus the catalogue the Record Sale and Schedule Appointment dialogs offer.
 */
import type { ClientsPages } from "#common/clients.ts";
import type { Db } from "#server/db/client.ts";
import { listProducts, listServices } from "#server/modules/catalog/service.ts";
import { getClientDetail } from "./detail.ts";
import { clientStats, listClientsPage, listRecentBookings } from "./list.ts";

export function clientsPages(db: Db): ClientsPages {
  return {
    page: (query) => listClientsPage(db, query),
    stats: () => clientStats(db),
    recentBookings: () => listRecentBookings(db),
    detail: (id) => getClientDetail(db, id),
    saleItems: async () => {
      const [services, products] = await Promise.all([listServices(db), listProducts(db)]);
      return {
        services: services.map((s) => ({ id: s.id, name: s.name, price: Number(s.price) || 0 })),
        products: products.map((p) => ({ id: p.id, name: p.name, price: Number(p.price) || 0 })),
      };
    },
  };
}
