/** The admin sidebar (admin spec §2): sections PAGES, APPS, SETTINGS with their badges. */
import { clsx } from "clsx";
import {
  BarChart3,
  Calendar,
  CalendarCheck,
  ClipboardList,
  FileSignature,
  LayoutDashboard,
  type LucideIcon,
  Package,
  ShoppingBag,
  ShoppingCart,
  Sparkles,
  User,
  UserCog,
  Users,
} from "lucide-react";
import { NavLink } from "react-router";
import { type AccessRole, areaOfPath, canOpen } from "#common/roles.ts";
import { ADMIN_NAV } from "./nav.ts";

const ICONS: Record<string, LucideIcon> = {
  Dashboard: LayoutDashboard,
  Analytics: BarChart3,
  Bookings: CalendarCheck,
  Sales: ShoppingCart,
  Staff: UserCog,
  "E-commerce": ShoppingBag,
  Products: Package,
  Clients: Users,
  Services: Sparkles,
  Calendar: Calendar,
  Tasks: ClipboardList,
  "My Profile": User,
  Forms: FileSignature,
};

/** Whether `role` may open the screen at `to` (common/roles.ts AREA_ROLES). */
function opens(role: AccessRole, to: string): boolean {
  const area = areaOfPath(to);
  return area !== null && canOpen(role, area);
}

/** The sidebar; entries the signed-in role cannot open are left out (issue 13). */
export function Sidebar({
  clientsCount,
  role,
  onNavigate,
}: {
  clientsCount: number;
  role: AccessRole;
  onNavigate?: () => void;
}) {
  return (
    <nav aria-label="Admin" className="flex h-full flex-col gap-6 overflow-y-auto px-3 py-5">
      <p className="px-3 text-lg font-semibold text-brand-900">Glow Haven</p>
      {ADMIN_NAV.map((section) => ({
        ...section,
        entries: section.entries.filter((entry) => opens(role, entry.to)),
      }))
        .filter((section) => section.entries.length > 0)
        .map((section) => (
          <div key={section.title}>
            <h2 className="px-3 text-xs font-semibold tracking-wider text-gray-600">
              {section.title}
            </h2>
            <ul className="mt-2 grid gap-0.5">
              {section.entries.map((entry) => {
                const Icon = ICONS[entry.label] ?? LayoutDashboard;
                return (
                  <li key={entry.to}>
                    <NavLink
                      to={entry.to}
                      end={entry.end}
                      onClick={onNavigate}
                      className={({ isActive }) =>
                        clsx(
                          "flex items-center gap-3 rounded-md px-3 py-2 text-sm",
                          isActive
                            ? "bg-brand-100 font-semibold text-brand-900"
                            : "text-gray-800 hover:bg-gray-100",
                        )
                      }
                    >
                      <Icon className="h-4 w-4" aria-hidden />
                      <span className="flex-1">{entry.label}</span>
                      {entry.badge === "NEW" && (
                        <span className="rounded bg-brand-700 px-1.5 py-0.5 text-[10px] font-bold text-white">
                          NEW
                        </span>
                      )}
                      {entry.badge === "clients" && (
                        <span className="rounded-full bg-gray-200 px-2 py-0.5 text-xs font-semibold text-gray-900">
                          {clientsCount}
                        </span>
                      )}
                    </NavLink>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
    </nav>
  );
}
