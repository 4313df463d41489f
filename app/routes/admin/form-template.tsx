import { FormTemplateEditor } from "#app/features/admin/forms/template-editor.tsx";
import { adminPagesOf } from "#app/lib/admin-gate.ts";
import { parseDatabaseId } from "#common/ids.ts";
import type { Route } from "./+types/form-template";

export async function loader({ params, context }: Route.LoaderArgs) {
  const pages = adminPagesOf(context);
  const id = parseDatabaseId(params.templateId ?? "");
  return { template: id === null ? null : await pages.forms.template(id) };
}

/** /admin/forms/{id}: one form template's draft, preview, publish and versions (issue 31). */
export default function AdminFormTemplate({ loaderData }: Route.ComponentProps) {
  return <FormTemplateEditor template={loaderData.template} />;
}
