/**
 * The admin sidebar (admin spec §2 "Shell and sidebar"): three sections, every entry and badge.
 * Analytics shows the dashboard, Tasks the bookings and My Profile the clients view. Entries the
 * spec does not list sit under SETTINGS: Forms (intake and consent templates, issue 31),
 * Operations and the API reference.
 */
export type NavEntry = {
  label: string;
  to: string;
  badge?: "NEW" | "clients";
  /** Matches this path exactly (the dashboard at /admin). */
  end?: boolean;
};

export const ADMIN_NAV: ReadonlyArray<{ title: string; entries: readonly NavEntry[] }> = [
  {
    title: "PAGES",
    entries: [
      { label: "Dashboard", to: "/admin", end: true },
      { label: "Analytics", to: "/admin/analytics", badge: "NEW" },
    ],
  },
  {
    title: "APPS",
    entries: [
      { label: "Bookings", to: "/admin/bookings" },
      { label: "Sales", to: "/admin/sales", badge: "NEW" },
      { label: "Staff", to: "/admin/staff", badge: "NEW" },
      { label: "E-commerce", to: "/admin/orders" },
      { label: "Products", to: "/admin/products" },
      { label: "Clients", to: "/admin/clients", badge: "clients" },
      { label: "Services", to: "/admin/services" },
      { label: "Calendar", to: "/admin/calendar" },
      { label: "Tasks", to: "/admin/tasks" },
    ],
  },
  {
    title: "SETTINGS",
    entries: [
      { label: "My Profile", to: "/admin/profile" },
      { label: "Forms", to: "/admin/forms" },
      { label: "Operations", to: "/admin/operations" },
      { label: "API reference", to: "/admin/api" },
    ],
  },
];
