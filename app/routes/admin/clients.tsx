import { ClientsScreen } from "#app/features/admin/clients/clients-screen.tsx";
import { adminPagesOf } from "#app/lib/admin-gate.ts";
import { clientListQuerySchema } from "#common/clients.ts";
import { parseDatabaseId } from "#common/ids.ts";
import { parseListQuery } from "#common/paging.ts";
import { reachOf } from "#common/roles.ts";
import type { Route } from "./+types/clients";

export async function loader({ request, context }: Route.LoaderArgs) {
  const pages = adminPagesOf(context);
  const query = parseListQuery(clientListQuerySchema, request.url);
  // `?client={id}` opens the customer detail dialog on that client.
  const clientId = parseDatabaseId(new URL(request.url).searchParams.get("client"));
  const [page, stats, recentBookings, detail, saleItems, staff] = await Promise.all([
    pages.clients.page(query),
    pages.clients.stats(),
    pages.clients.recentBookings(),
    clientId === null ? null : pages.clients.detail(clientId),
    clientId === null ? null : pages.clients.saleItems(),
    clientId === null ? null : pages.calendar.staff(),
  ]);
  // Merging deletes a client row: the capability table says who may (issue 28 items 6, 7).
  const canMerge = reachOf(pages.identity.role, "client.merge") === "all";
  return { query, page, stats, recentBookings, clientId, detail, saleItems, staff, canMerge };
}

/**
 * /admin/clients and /admin/profile (My Profile shows the clients view): the Clients screen and
 * the customer detail dialog (admin spec §2).
 */
export default function AdminClients({ loaderData }: Route.ComponentProps) {
  return <ClientsScreen {...loaderData} />;
}
