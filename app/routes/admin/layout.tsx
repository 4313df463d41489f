import { Outlet, useRevalidator } from "react-router";
import { useToast } from "../../components/ui/toast";
import { LoginForm } from "../../features/admin/login-form";
import { adminServices } from "../../lib/admin.server";
import { apiRequest } from "../../lib/api";
import type { Route } from "./+types/layout";

export function loader({ context }: Route.LoaderArgs) {
  return { admin: adminServices(context)?.admin ?? null };
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export const meta: Route.MetaFunction = () => [
  { title: "Admin | Glow Haven" },
  { name: "robots", content: "noindex, nofollow" },
];

/** /admin: the login gate first, then the admin area (admin spec §2). */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
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
      <Outlet />
    </div>
  );
}
