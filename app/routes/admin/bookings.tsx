import { BookingsScreen } from "#app/features/admin/bookings/bookings-screen.tsx";
import { adminServices } from "#app/lib/admin.server.ts";
import { consultationFor, SERVICE_CATEGORIES } from "#common/catalog.ts";
import { listBookings } from "#server/modules/bookings/service.ts";
import { listServices } from "#server/modules/catalog/service.ts";
import type { Route } from "./+types/bookings";

export async function loader({ context }: Route.LoaderArgs) {
  const services = adminServices(context);
  if (!services) return { bookings: [], services: [] };
  const catalogue = await listServices(services.db);
  return {
    bookings: await listBookings(services.db),
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
  return <BookingsScreen bookings={loaderData.bookings} services={loaderData.services} />;
}
