import { useRevalidator } from "react-router";
import { appContext } from "../../server/context.ts";
import { listBookings } from "../../server/modules/bookings/service.ts";
import { useToast } from "../components/ui/toast";
import { BookingsList } from "../features/admin/bookings-list";
import { LoginForm } from "../features/admin/login-form";
import { apiRequest } from "../lib/api";
import type { Route } from "./+types/admin";

export async function loader({ context }: Route.LoaderArgs) {
  const { db, admin } = context.get(appContext);
  if (!admin) return { admin: null, bookings: [] };
  return { admin, bookings: await listBookings(db) };
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export const meta: Route.MetaFunction = () => [
  { title: "Admin | Glow Haven" },
  { name: "robots", content: "noindex, nofollow" },
];

/** /admin: the login gate, then the admin area (admin spec §2). */
export default function Admin({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const toast = useToast();
  if (!loaderData.admin) return <LoginForm onSignedIn={() => void revalidator.revalidate()} />;

  async function signOut() {
    try {
      await apiRequest("POST", "/api/auth/logout");
    } catch {
      toast({ title: "Sign out failed", description: "Please try again.", variant: "destructive" });
    }
    await revalidator.revalidate();
  }

  return (
    <div className="min-h-screen bg-gray-50">
      <header className="border-b border-gray-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between px-4 py-3">
          <p className="font-semibold text-brand-900">Glow Haven Admin</p>
          <div className="flex items-center gap-3 text-sm">
            <span className="text-gray-600">Signed in as {loaderData.admin.username}</span>
            <button
              type="button"
              onClick={signOut}
              className="rounded-md border border-gray-300 px-3 py-1.5 hover:bg-gray-100"
            >
              Sign out
            </button>
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-6xl px-4 py-8">
        <div className="mb-4 flex items-center justify-between">
          <h1 className="text-2xl font-semibold text-ink">Bookings</h1>
          <span className="rounded-full bg-brand-100 px-3 py-1 text-sm text-brand-900">
            {loaderData.bookings.length} Bookings
          </span>
        </div>
        <BookingsList bookings={loaderData.bookings} />
      </main>
    </div>
  );
}
