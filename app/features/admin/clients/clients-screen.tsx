/**
 * The Clients screen (admin spec §2 "Clients screen", §3 "Client list row", §8): Add Customer,
 * the four stat cards, the Customer Database table (server-paged and sorted; state in the URL:
 * q, status, sort, dir, page), 'Found N customer(s) matching …', the two empty messages, the
 * Recent Bookings card with Mark as Processed, and the customer detail dialog (`?client={id}`).
 * A banner counts the possible duplicates (issue 28 item 7) and filters the list to them
 * (`view=duplicates`, on the server).
 */
import { CalendarCheck, CalendarDays, Mail, Plus, Users } from "lucide-react";
import { type ReactNode, useCallback, useState } from "react";
import { Link, useNavigation, useSearchParams } from "react-router";
import { Badge } from "#app/features/admin/kit/badge.tsx";
import { adminButton } from "#app/features/admin/kit/buttons.ts";
import { FilterSelect, ListToolbar, SearchBox } from "#app/features/admin/kit/list-toolbar.tsx";
import { CountBadge, PageHeader } from "#app/features/admin/kit/page-header.tsx";
import { PagedList } from "#app/features/admin/kit/paged-list.tsx";
import { useAdminMutation } from "#app/features/admin/kit/use-admin-mutation.ts";
import { useCapabilities } from "#app/features/admin/kit/use-capabilities.ts";
import { useListParams } from "#app/features/admin/kit/use-list-params.ts";
import { apiRequest } from "#app/lib/api.ts";
import type { CalendarStaff } from "#common/calendar.ts";
import {
  CLIENT_MESSAGES,
  CLIENT_STATUS_FILTERS,
  type ClientDetail,
  type ClientListQuery,
  type ClientRow,
  type ClientStats,
  type ClientsPages,
  type RecentBooking,
} from "#common/clients.ts";
import { formatLagosDateTime, formatLagosDay } from "#common/lagos-time.ts";
import type { Page } from "#common/paging.ts";
import { AddCustomerDialog } from "./add-customer-dialog.tsx";
import { ClientsTable } from "./clients-table.tsx";
import { CustomerDialog } from "./customer-dialog.tsx";

type SaleItems = Awaited<ReturnType<ClientsPages["saleItems"]>>;

export function ClientsScreen({
  query,
  page,
  stats,
  recentBookings,
  clientId,
  detail,
  saleItems,
  staff,
  canMerge,
}: {
  query: ClientListQuery;
  page: Page<ClientRow>;
  stats: ClientStats;
  recentBookings: RecentBooking[];
  clientId: number | null;
  detail: ClientDetail | null;
  saleItems: SaleItems | null;
  staff: CalendarStaff[] | null;
  /** The signed-in role may merge clients (managers). */
  canMerge: boolean;
}) {
  const [adding, setAdding] = useState(false);
  const can = useCapabilities();
  const [searchParams, setSearchParams] = useSearchParams();
  const navigation = useNavigation();
  const { clear } = useListParams();
  // The dialog follows `?client=`; it opens at once and fills in when the loader answers.
  const pendingParams = navigation.location
    ? new URLSearchParams(navigation.location.search)
    : null;
  const openId = Number((pendingParams ?? searchParams).get("client") ?? "") || null;

  const openClient = useCallback(
    (id: number | null) => {
      setSearchParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (id === null) next.delete("client");
          else next.set("client", String(id));
          return next;
        },
        { replace: id === null, preventScrollReset: true },
      );
    },
    [setSearchParams],
  );

  const filtering = query.q !== "" || query.status !== "all" || query.view === "duplicates";
  const statusLabel = CLIENT_STATUS_FILTERS.find((f) => f.id === query.status)?.label;
  const matchingText = [
    query.q ? `"${query.q}"` : null,
    query.status !== "all" ? `status ${statusLabel}` : null,
    query.view === "duplicates" ? "possible duplicates" : null,
  ]
    .filter(Boolean)
    .join(" and ");

  return (
    <>
      <PageHeader title="Customer Relationship Management">
        <CountBadge>{stats.totalCustomers} Clients</CountBadge>
        {can("client.edit") && (
          <button type="button" className={adminButton.primary} onClick={() => setAdding(true)}>
            <Plus className="h-4 w-4" aria-hidden />
            Add Customer
          </button>
        )}
      </PageHeader>

      <ul className="mb-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-label="Client figures">
        <StatCard icon={<Users className="h-5 w-5" aria-hidden />} label="Total Customers">
          {stats.totalCustomers}
        </StatCard>
        <StatCard icon={<CalendarDays className="h-5 w-5" aria-hidden />} label="Total Bookings">
          {stats.totalBookings}
        </StatCard>
        <StatCard icon={<CalendarCheck className="h-5 w-5" aria-hidden />} label="This Month">
          {stats.thisMonth}
        </StatCard>
        <StatCard icon={<Mail className="h-5 w-5" aria-hidden />} label="Newsletter Subs">
          {stats.newsletterSubs}
        </StatCard>
      </ul>

      <div className="grid gap-6 2xl:grid-cols-[minmax(0,1fr)_24rem]">
        <section aria-labelledby="customer-database" className="min-w-0">
          <h2 id="customer-database" className="mb-3 text-lg font-semibold text-ink">
            Customer Database
          </h2>
          <ListToolbar label="Find customers">
            <SearchBox
              id="clients-search"
              label="Search customers"
              placeholder="Search by name, email, phone or address"
            />
            <FilterSelect
              id="clients-status"
              param="status"
              label="Status"
              defaultValue="all"
              options={CLIENT_STATUS_FILTERS.map((f) => ({ value: f.id, label: f.label }))}
            />
            <button
              type="button"
              className={adminButton.outline}
              disabled={!filtering}
              onClick={() => clear(["q", "status", "view"])}
            >
              Clear
            </button>
          </ListToolbar>
          <DuplicatesBanner
            count={stats.possibleDuplicates}
            showing={query.view === "duplicates"}
          />
          {filtering && (
            <p className="mb-3 text-sm text-gray-700" aria-live="polite">
              Found {page.matching} customer(s) matching {matchingText}
            </p>
          )}
          <PagedList
            page={page}
            label="Customers"
            empty={<p>{CLIENT_MESSAGES.emptyList}</p>}
            noMatches={CLIENT_MESSAGES.emptySearch}
            filterParams={["q", "status", "view"]}
          >
            {(rows) => <ClientsTable rows={rows} query={query} onOpen={(id) => openClient(id)} />}
          </PagedList>
        </section>

        <RecentBookings bookings={recentBookings} />
      </div>

      <AddCustomerDialog
        open={adding}
        onOpenChange={setAdding}
        onCreated={(id) => openClient(id)}
      />
      <CustomerDialog
        open={openId !== null}
        onClose={() => openClient(null)}
        detail={detail && detail.client.id === openId && clientId === openId ? detail : null}
        missing={clientId === openId && detail === null && navigation.state === "idle"}
        saleItems={saleItems}
        staff={staff ?? []}
        canMerge={canMerge}
        onOpenClient={(id) => openClient(id)}
      />
    </>
  );
}

/**
 * Possible duplicates (issue 28 item 7): how many clients share a phone or a name with another,
 * and a button that shows only them (or all clients again).
 */
function DuplicatesBanner({ count, showing }: { count: number; showing: boolean }) {
  const [searchParams] = useSearchParams();
  if (count === 0 && !showing) return null;
  // A link, not a button: a tap before the page has hydrated still shows the list.
  const next = new URLSearchParams(searchParams);
  if (showing) next.delete("view");
  else next.set("view", "duplicates");
  next.delete("page");
  const search = next.toString();
  return (
    <div
      role="status"
      className="mb-3 flex flex-wrap items-center justify-between gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <p>
        <span className="font-semibold">Possible duplicates: {count}</span>{" "}
        {count === 1 ? "client shares" : "clients share"} a phone number or a name with another
        client.
      </p>
      <Link
        to={{ search: search ? `?${search}` : "" }}
        preventScrollReset
        className={adminButton.outline}
      >
        {showing ? "Show all clients" : "Show possible duplicates"}
      </Link>
    </div>
  );
}

function StatCard({
  icon,
  label,
  children,
}: {
  icon: ReactNode;
  label: string;
  children: ReactNode;
}) {
  return (
    <li className="flex items-center justify-between rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      <div>
        <p className="text-sm font-medium text-gray-700">{label}</p>
        <p className="mt-1 text-2xl font-semibold text-ink">{children}</p>
      </div>
      <span className="rounded-full bg-brand-100 p-2 text-brand-900">{icon}</span>
    </li>
  );
}

/** Recent Bookings (admin spec §2): up to 10 unprocessed requests with Mark as Processed. */
function RecentBookings({ bookings }: { bookings: RecentBooking[] }) {
  const action = useAdminMutation();
  return (
    <section
      aria-labelledby="recent-bookings"
      className="h-fit rounded-lg border border-gray-200 bg-white p-4 shadow-sm"
    >
      <h2 id="recent-bookings" className="mb-3 text-lg font-semibold text-ink">
        Recent Bookings
      </h2>
      {bookings.length === 0 ? (
        <p className="text-sm text-gray-700">{CLIENT_MESSAGES.emptyBookings}</p>
      ) : (
        <ul className="space-y-3">
          {bookings.map((b) => (
            <li key={b.id} className="rounded-md border border-gray-100 p-3 text-sm">
              <article aria-labelledby={`recent-booking-${b.id}`}>
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <h3 id={`recent-booking-${b.id}`} className="font-semibold text-ink">
                    {b.name}
                  </h3>
                  <Badge tone="amber">New Request</Badge>
                </div>
                <p className="break-all text-gray-700">{b.email}</p>
                <p className="text-gray-700">{b.phone}</p>
                <p className="mt-1">
                  <span className="font-medium">{b.serviceName}</span> ·{" "}
                  {formatLagosDateTime(b.date)}
                </p>
                {b.message && <p className="mt-1 text-gray-700">“{b.message}”</p>}
                <p className="mt-1 text-xs text-gray-600">
                  Requested {formatLagosDay(b.createdAt)}
                </p>
                <button
                  type="button"
                  className={`${adminButton.outline} mt-2`}
                  disabled={action.isPending(b.id)}
                  onClick={() =>
                    void action.run(() => apiRequest("PATCH", `/api/bookings/${b.id}/process`), {
                      key: b.id,
                      success: { title: "Success", description: CLIENT_MESSAGES.bookingProcessed },
                      failure: CLIENT_MESSAGES.bookingStatusFailed,
                    })
                  }
                >
                  Mark as Processed
                </button>
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
