/**
 * The admin gate: every admin loader and action reads the server through `adminPagesOf`, which
 * answers 401 unless an admin is signed in. The admin layout's error boundary turns that 401 into
 * the login form (admin spec §2 "Login gate"), whichever admin route threw it, so a signed-out
 * visitor sees the gate and no admin data. app/routes/admin-gate.test.ts calls every admin
 * loader and action without a session to hold this.
 */
import { data, type RouterContextProvider } from "react-router";
import { type AdminPages, pageContext } from "#common/page-context.ts";

/**
 * The signed-in admin's reads (common/page-context.ts `AdminPages`).
 * @throws a 401 response when no admin is signed in.
 */
export function adminPagesOf(context: Readonly<RouterContextProvider>): AdminPages {
  const admin = context.get(pageContext).admin;
  if (!admin) throw data({ message: "Please sign in to continue" }, { status: 401 });
  return admin;
}
