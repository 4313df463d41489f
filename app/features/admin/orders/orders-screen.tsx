/**
 * Orders management (admin spec §2 "Orders management"): the shop's paid orders, newest first,
 * as cards with customer, delivery and summary sections; the 'N Total Orders' badge; a search
 * (order number, customer, reference) and a status filter; paging; 'No orders yet' when there
 * are none. The list state is in the URL (q, status, page); the route loader asks the server for
 * the page (server/modules/orders/lists.ts `listOrdersPage`).
 */
import { FilterSelect, ListToolbar, SearchBox } from "#app/features/admin/kit/list-toolbar.tsx";
import { CountBadge, PageHeader } from "#app/features/admin/kit/page-header.tsx";
import { PagedList } from "#app/features/admin/kit/paged-list.tsx";
import { ORDER_LIST_STATUSES, type PublicOrder } from "#common/orders.ts";
import type { Page } from "#common/paging.ts";
import { OrdersList, STATUS_LABELS } from "./orders-list.tsx";

export function OrdersScreen({ page }: { page: Page<PublicOrder> }) {
  return (
    <>
      <PageHeader title="Orders">
        <CountBadge>{page.total} Total Orders</CountBadge>
      </PageHeader>
      <ListToolbar label="Find orders">
        <SearchBox
          id="orders-search"
          label="Search orders"
          placeholder="Order number, name, email or reference"
        />
        <FilterSelect
          id="orders-status"
          param="status"
          label="Order status"
          defaultValue="all"
          options={ORDER_LIST_STATUSES.map((s) => ({
            value: s,
            label: s === "all" ? "All Statuses" : (STATUS_LABELS[s] ?? s),
          }))}
        />
      </ListToolbar>
      <PagedList
        page={page}
        label="Orders"
        empty="No orders yet"
        noMatches="No orders match your filters."
        filterParams={["q", "status"]}
      >
        {(rows) => <OrdersList orders={rows} />}
      </PagedList>
    </>
  );
}
