import { InvitationForm } from "#app/features/admin/staff/invitation-form.tsx";
import type { Route } from "./+types/staff-invitation";

export const meta: Route.MetaFunction = () => [
  { title: "Staff sign-in | Glow Haven" },
  { name: "robots", content: "noindex, nofollow" },
];

export function headers() {
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
}

/** /staff-invitation/{token}: a staff member sets their password (issue 13). */
export default function StaffInvitation({ params }: Route.ComponentProps) {
  return <InvitationForm token={params.token} />;
}
