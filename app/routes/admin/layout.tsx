import { isRouteErrorResponse, Link, useRevalidator } from "react-router";
import { LoginForm } from "#app/features/admin/login/login-form.tsx";
import { AdminShell } from "#app/features/admin/shell/admin-shell.tsx";
import { adminPagesOf } from "#app/lib/admin-gate.ts";
import { capabilitiesOf, FORBIDDEN_MESSAGE, REFUSAL_PREFIX } from "#common/roles.ts";
import type { Route } from "./+types/layout";

export async function loader({ context }: Route.LoaderArgs) {
  const pages = adminPagesOf(context);
  return {
    admin: pages.identity,
    // What the role may do (common/roles.ts CAPABILITIES), read by the screens' buttons through
    // useCapabilities(): the same table the API's gates read.
    capabilities: capabilitiesOf(pages.identity.role),
    clientsCount: await pages.clientsCount(),
  };
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export const meta: Route.MetaFunction = () => [
  { title: "Admin | Glow Haven" },
  { name: "robots", content: "noindex, nofollow" },
  { name: "theme-color", content: "#6f4823" },
];

/** The back office installs as an app (issue 35): its manifest, on /admin pages only. */
export const links: Route.LinksFunction = () => [
  { rel: "manifest", href: "/admin.webmanifest" },
  { rel: "apple-touch-icon", href: "/admin-icons/icon-192.png" },
];

/** /admin: the login gate first, then the shell around the screen (admin spec §2). */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return <AdminShell admin={loaderData.admin} clientsCount={loaderData.clientsCount} />;
}

/** The refusal's own message (it names the rule), or the area gate's. */
function refusalText(data: unknown): string {
  const message = (data as { message?: unknown } | null)?.message;
  return typeof message === "string" && message.startsWith(REFUSAL_PREFIX)
    ? message
    : FORBIDDEN_MESSAGE;
}

/**
 * The gate's 401 from this or any admin route's loader (signed out, or the session ended; see
 * app/lib/admin-gate.ts) shows the login form; signing in re-runs the
 * loaders and the shell appears. Any other error gets a plain message inside the admin area.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const revalidator = useRevalidator();
  if (isRouteErrorResponse(error) && error.status === 401) {
    return <LoginForm onSignedIn={() => void revalidator.revalidate()} />;
  }
  // A screen the signed-in role may not open (common/roles.ts AREA_ROLES).
  if (isRouteErrorResponse(error) && error.status === 403) {
    return (
      <main id="main" className="mx-auto max-w-xl p-8 text-center">
        <h1 className="text-2xl font-semibold">Not available for your role</h1>
        <p className="mt-2 text-gray-600">{refusalText(error.data)}</p>
        <Link to="/admin" className="mt-4 inline-block font-medium text-brand-800 underline">
          Go to the dashboard
        </Link>
      </main>
    );
  }
  return (
    <main id="main" className="mx-auto max-w-xl p-8 text-center">
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p className="mt-2 text-gray-600">Please refresh the page or try again in a moment.</p>
    </main>
  );
}
