import { ComingSoonScreen } from "#app/features/admin/coming-soon/coming-soon-screen.tsx";

/** /admin/clients, /profile, /calendar, /sales, /staff: screens later issues build (admin spec §2). */
export default function ComingSoon() {
  return <ComingSoonScreen />;
}
