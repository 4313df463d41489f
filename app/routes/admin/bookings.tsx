import { BookingsScreen } from "#app/features/admin/bookings/bookings-screen.tsx";
import { adminPagesOf } from "#app/lib/admin-gate.ts";
import { bookingListQuerySchema } from "#common/booking.ts";
import { consultationFor, SERVICE_CATEGORIES } from "#common/catalog.ts";
import { parseListQuery } from "#common/paging.ts";
import type { Route } from "./+types/bookings";

export async function loader({ request, context }: Route.LoaderArgs) {
  const pages = adminPagesOf(context);
  const query = parseListQuery(bookingListQuerySchema, request.url);
  const [page, catalogue, settings] = await Promise.all([
    pages.bookings.page(query),
    pages.catalog.services(),
    pages.bookings.settings(),
  ]);
  return {
    page,
    messages: await pages.bookings.messages(page.rows),
    // A manager's: the booking deposit's settings and the services it may apply to (issue 32).
    settings,
    depositServices: settings
      ? catalogue.map((s) => ({ id: s.id, name: s.name, category: s.category }))
      : [],
    // Every service, then each category's consultation entry (as the booking form offers).
    services: [
      ...catalogue.map((s) => ({ id: String(s.id), name: s.name })),
      ...SERVICE_CATEGORIES.map((c) => {
        const entry = consultationFor(c);
        return { id: entry.id, name: entry.name };
      }),
    ],
  };
}

/** /admin/bookings and /admin/tasks: bookings management (admin spec §2). */
export default function AdminBookings({ loaderData }: Route.ComponentProps) {
  return (
    <BookingsScreen
      page={loaderData.page}
      services={loaderData.services}
      messages={loaderData.messages}
      settings={loaderData.settings}
      depositServices={loaderData.depositServices}
    />
  );
}
