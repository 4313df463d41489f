/**
 * The point of sale screen's reads (common/sales.ts `SalesPages`): the same service functions
 * the POS API calls, gathered for one loader.
 */

import { lagosDate } from "#common/lagos-time.ts";
import type { SalesPages } from "#common/sales.ts";
import type { Db } from "#server/db/client.ts";
import { listUpcomingAppointments } from "#server/modules/calendar/queries.ts";
import { dailySales } from "./day-close.ts";
import { receiptOf } from "./receipts.ts";
import { listDaySales } from "./sale-detail.ts";
import { listSurcharges } from "./surcharges.ts";
import { popularItems, posCatalog } from "./till-catalog.ts";
import { posStaff, visitCheckout } from "./visit-checkout.ts";

export function salesPages(db: Db): SalesPages {
  return {
    async screen(date, checkoutId) {
      const [popular, catalog, surcharges, upcoming, daily, sales, staff, checkout] =
        await Promise.all([
          popularItems(db),
          posCatalog(db),
          listSurcharges(db),
          listUpcomingAppointments(db),
          dailySales(db, date),
          listDaySales(db, date),
          posStaff(db),
          checkoutId ? visitCheckout(db, checkoutId) : null,
        ]);
      return {
        checkout,
        staff,
        today: lagosDate(new Date()),
        date,
        popularItems: popular,
        services: catalog.services,
        products: catalog.products,
        surcharges,
        upcoming,
        daily,
        sales,
      };
    },
    receipt: (saleNumber) => receiptOf(db, saleNumber),
  };
}
