import { FormsScreen } from "#app/features/admin/forms/forms-screen.tsx";
import { adminPagesOf } from "#app/lib/admin-gate.ts";
import type { Route } from "./+types/forms";

export async function loader({ context }: Route.LoaderArgs) {
  return { templates: await adminPagesOf(context).forms.templates() };
}

/** /admin/forms: the intake and consent form templates, for managers (issue 31). */
export default function AdminForms({ loaderData }: Route.ComponentProps) {
  return <FormsScreen templates={loaderData.templates} />;
}
