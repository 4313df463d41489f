import { AccountSecurityScreen } from "#app/features/admin/account/account-security-screen.tsx";
import { adminPagesOf } from "#app/lib/admin-gate.ts";
import type { Route } from "./+types/account";

export async function loader({ context }: Route.LoaderArgs) {
  const pages = adminPagesOf(context);
  return { admin: pages.identity, security: await pages.account.security() };
}

/**
 * /admin/account: the signed-in staff member's account security (issue 14): two-step sign-in
 * with an authenticator app, and its recovery codes. Reached from the name in the top bar.
 */
export default function AdminAccount({ loaderData }: Route.ComponentProps) {
  return <AccountSecurityScreen admin={loaderData.admin} security={loaderData.security} />;
}
