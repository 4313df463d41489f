/** The placeholder of an admin screen not built yet, named by the URL's second segment. */
import { useLocation } from "react-router";
import { EmptyState } from "#app/features/admin/kit/empty-state.tsx";
import { PageHeader } from "#app/features/admin/kit/page-header.tsx";

const SCREENS: Record<string, { title: string; text: string }> = {
  clients: {
    title: "Clients",
    text: "The client relationship screen (customer database, notes, sales and reviews per client) is coming soon.",
  },
  profile: {
    title: "My Profile",
    text: "My Profile opens the clients view, which is coming soon.",
  },
  calendar: {
    title: "Calendar",
    text: "The appointment calendar with week and day views and blocked times is coming soon.",
  },
  sales: {
    title: "Sales",
    text: "The point of sale (daily sales, quick sale and checkout) is coming soon.",
  },
  staff: {
    title: "Staff",
    text: "Staff management (team members, time tracking and pay) is coming soon.",
  },
};

/** Placeholder for the screens that later issues build (admin spec §2); shows no fake data. */
export function ComingSoonScreen() {
  const key = useLocation().pathname.split("/").filter(Boolean)[1] ?? "";
  const screen = SCREENS[key] ?? { title: "Coming soon", text: "This screen is coming soon." };
  return (
    <>
      <PageHeader title={screen.title} />
      <EmptyState>
        <p className="font-semibold text-ink">Coming soon</p>
        <p className="mt-2">{screen.text}</p>
      </EmptyState>
    </>
  );
}
