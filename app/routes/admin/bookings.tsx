import { listBookings } from "../../../server/modules/bookings/service.ts";
import { BookingsList } from "../../features/admin/bookings-list";
import { adminServices } from "../../lib/admin.server";
import type { Route } from "./+types/bookings";

export async function loader({ context }: Route.LoaderArgs) {
  const services = adminServices(context);
  return { bookings: services ? await listBookings(services.db) : [] };
}

/** The booking requests, newest first (admin spec §2 "Bookings management"). */
export default function AdminBookings({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8">
      <div className="mb-4 flex items-center justify-between">
        <h1 className="text-2xl font-semibold text-ink">Bookings</h1>
        <span className="rounded-full bg-brand-100 px-3 py-1 text-sm text-brand-900">
          {loaderData.bookings.length} Bookings
        </span>
      </div>
      <BookingsList bookings={loaderData.bookings} />
    </main>
  );
}
