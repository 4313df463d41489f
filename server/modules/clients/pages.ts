/**
 * The Clients screen's reads (common/clients.ts `ClientsPages`): the same service functions the
 * API calls, plus the catalogue the Record Sale and Schedule Appointment dialogs offer.
 */
import { data } from "react-router";
import type { AdminIdentity } from "#common/auth.ts";
import type { ClientsPages } from "#common/clients.ts";
import { refusalOf } from "#common/roles.ts";
import type { Db } from "#server/db/client.ts";
import { listProducts, listServices } from "#server/modules/catalog/service.ts";
import { getClientDetail } from "./detail.ts";
import { clientStats, listClientsPage, listRecentBookings, ownClientStats } from "./list.ts";
import { authorizeClient, clientScopeOf } from "./scope.ts";

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

/**
 * The Clients screen as `viewer` may see it (issue 28 item 6; ./scope.ts): a therapist's list
 * holds their own clients only (and the stat cards count theirs), another client's dialog
 * answers 403 with the rule, and Recent Bookings (everyone's web requests) is empty. Managers and the front desk see everything.
 */
export function clientsPagesFor(db: Db, viewer: AdminIdentity): ClientsPages {
  const pages = clientsPages(db);
  const scope = clientScopeOf(viewer);
  if (scope === null) return pages;
  return {
    ...pages,
    page: (query) => listClientsPage(db, query, scope),
    stats: () => ownClientStats(db, scope),
    recentBookings: async () => [],
    detail: async (id) => {
      try {
        await authorizeClient(db, viewer, { id });
      } catch {
        throw data({ message: refusalOf("client.view") }, { status: 403 });
      }
      return pages.detail(id);
    },
  };
}
