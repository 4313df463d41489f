import { Bell, History, LogOut, Menu, ShieldCheck, Star, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useEffect, useState } from "react";
import { Link, Outlet, useRevalidator } from "react-router";
import { useToast } from "#app/components/ui/toast.tsx";
import { HealthOverrideHost } from "#app/features/admin/health/health-override-host.tsx";
import { ConnectionStatus } from "#app/features/admin/kit/connection-status.tsx";
import { markSignedIn } from "#app/features/admin/kit/signed-in-flag.ts";
import {
  useConnectionState,
  useOfflineReadiness,
  useRequestSync,
} from "#app/features/admin/kit/use-offline-readiness.ts";
import { apiRequest } from "#app/lib/api.ts";
import { wipeOfflineData } from "#app/lib/offline-vault.ts";
import type { AdminIdentity } from "#common/auth.ts";
import { ACCESS_ROLE_LABELS, canOpen } from "#common/roles.ts";
import { AdminSearch } from "./admin-search.tsx";
import { ClearDataButton } from "./clear-data-dialog.tsx";
import { Sidebar } from "./sidebar.tsx";

const SESSION_CHECK_MS = 60_000;

const iconLink =
  "inline-flex h-9 w-9 items-center justify-center rounded-md text-gray-700 hover:bg-gray-100";

/**
 * The admin shell (admin spec §2 "Shell and sidebar"): skip link, sidebar (a drawer below the
 * large breakpoint), top bar (search, Clear Admin Data, shortcuts, Account security (issue 14),
 * the signed-in admin, sign out)
 * and the screen in <main>. Shows the login gate again when the session ends: checked when the
 * window regains focus and once a minute.
 */
export function AdminShell({
  admin,
  clientsCount,
}: {
  admin: AdminIdentity;
  /** The sidebar's Clients badge. */
  clientsCount: number;
}) {
  const revalidator = useRevalidator();
  const toast = useToast();
  const [menuOpen, setMenuOpen] = useState(false);
  const { revalidate } = revalidator;
  useEffect(() => markSignedIn(true), []);
  useOfflineReadiness();
  useRequestSync();
  const connection = useConnectionState();

  // When the session ends (expiry, sign-out elsewhere) show the login gate instead of failing
  // screens: checked when the window regains focus and once a minute.
  useEffect(() => {
    const check = () => {
      fetch("/api/auth/session", { credentials: "include" })
        .then((res) => {
          if (res.status === 401) void revalidate();
        })
        .catch(() => {});
    };
    const timer = setInterval(check, SESSION_CHECK_MS);
    window.addEventListener("focus", check);
    return () => {
      clearInterval(timer);
      window.removeEventListener("focus", check);
    };
  }, [revalidate]);

  // Signing out erases the device's offline data (issue 35): work not yet sent would be lost
  // with it, so the member is asked first.
  async function signOut() {
    if (
      connection.waiting > 0 &&
      !window.confirm(
        `${connection.waiting} item(s) done offline have not been sent yet and will be lost if you sign out now. Sign out anyway?`,
      )
    ) {
      return;
    }
    try {
      await apiRequest("POST", "/api/auth/logout");
    } catch {
      toast({ title: "Sign out failed", description: "Please try again.", variant: "destructive" });
      return;
    }
    await wipeOfflineData().catch(() => {});
    await revalidator.revalidate();
  }

  return (
    <div className="min-h-screen bg-gray-50">
      <a
        href="#main"
        className="fixed left-4 top-4 z-50 -translate-y-[200%] rounded-md bg-brand-700 px-4 py-2 text-sm font-medium text-white focus:translate-y-0"
      >
        Skip to main content
      </a>
      <aside className="fixed inset-y-0 left-0 z-30 hidden w-60 border-r border-gray-200 bg-white lg:block print:hidden">
        <Sidebar clientsCount={clientsCount} role={admin.role} />
      </aside>
      <Dialog.Root open={menuOpen} onOpenChange={setMenuOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40 lg:hidden" />
          <Dialog.Content className="fixed inset-y-0 left-0 z-50 w-64 bg-white shadow-xl lg:hidden">
            <Dialog.Title className="sr-only">Admin menu</Dialog.Title>
            <Dialog.Description className="sr-only">Screens of the admin area</Dialog.Description>
            <Sidebar
              clientsCount={clientsCount}
              role={admin.role}
              onNavigate={() => setMenuOpen(false)}
            />
            <Dialog.Close
              aria-label="Close menu"
              data-dismiss=""
              className="absolute right-2 top-4 rounded-md p-2 text-gray-700 hover:bg-gray-100"
            >
              <X className="h-5 w-5" aria-hidden />
            </Dialog.Close>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
      <div className="lg:pl-60 print:pl-0">
        <header className="sticky top-0 z-20 border-b border-gray-200 bg-white print:hidden">
          <div className="flex flex-wrap items-center gap-3 px-4 py-3">
            <button
              type="button"
              className={`${iconLink} lg:hidden`}
              aria-label="Open menu"
              aria-expanded={menuOpen}
              onClick={() => setMenuOpen(true)}
            >
              <Menu className="h-5 w-5" aria-hidden />
            </button>
            {canOpen(admin.role, "bookings") && <AdminSearch />}
            <div className="ml-auto flex flex-wrap items-center justify-end gap-1 sm:gap-2">
              <ConnectionStatus online={connection.online} waiting={connection.waiting} />
              {canOpen(admin.role, "clearData") && <ClearDataButton />}
              {canOpen(admin.role, "outbox") && (
                <Link
                  to="/admin/outbox"
                  className={iconLink}
                  aria-label="Outbox (emails)"
                  title="Outbox (emails)"
                >
                  <Bell className="h-5 w-5" aria-hidden />
                </Link>
              )}
              {canOpen(admin.role, "reviews") && (
                <Link to="/admin/reviews" className={iconLink} aria-label="Reviews" title="Reviews">
                  <Star className="h-5 w-5" aria-hidden />
                </Link>
              )}
              {canOpen(admin.role, "audit") && (
                <Link
                  to="/admin/audit"
                  className={iconLink}
                  aria-label="Activity log"
                  title="Activity log"
                >
                  <History className="h-5 w-5" aria-hidden />
                </Link>
              )}
              <Link
                to="/admin/account"
                className={iconLink}
                aria-label="Account security"
                title="Account security"
              >
                <ShieldCheck className="h-5 w-5" aria-hidden />
              </Link>
              <span className="hidden flex-col text-right text-sm leading-tight text-gray-700 sm:flex">
                <span>
                  <span className="sr-only">Signed in as </span>
                  <strong>{admin.name ?? admin.username}</strong>
                </span>
                <span className="text-xs">{ACCESS_ROLE_LABELS[admin.role]}</span>
              </span>
              <button
                type="button"
                onClick={signOut}
                title="Sign out"
                className="inline-flex h-9 items-center justify-center whitespace-nowrap rounded-md border border-gray-300 px-2.5 text-sm hover:bg-gray-100 sm:px-3"
              >
                <LogOut className="h-4 w-4 sm:hidden" aria-hidden />
                <span className="sr-only sm:not-sr-only">Sign out</span>
              </button>
            </div>
          </div>
        </header>
        <main id="main" className="px-4 py-6 lg:px-8">
          <Outlet />
        </main>
      </div>
      <HealthOverrideHost />
    </div>
  );
}
