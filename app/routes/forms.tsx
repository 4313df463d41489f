/**
 * /forms/{token}: the client's intake and consent forms, opened from the signed link sent by
 * WhatsApp and email, or on the clinic's tablet with ?kiosk=1 (issue 31). No account; the link
 * is the key and is checked by the API. Never cached, never indexed, no referrer.
 */
import { useSearchParams } from "react-router";
import { ClientForms } from "#app/features/forms/client-forms.tsx";
import { BUSINESS } from "#common/business.ts";
import type { Route } from "./+types/forms";

export const meta: Route.MetaFunction = () => [
  { title: `Your forms | ${BUSINESS.shortName}` },
  { name: "robots", content: "noindex, nofollow" },
];

export function headers() {
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
}

export default function Forms({ params }: Route.ComponentProps) {
  const [search] = useSearchParams();
  return <ClientForms token={params.token} kiosk={search.get("kiosk") === "1"} />;
}
