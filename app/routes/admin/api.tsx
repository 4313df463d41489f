import { ApiReferenceScreen } from "#app/features/admin/api-reference/api-reference-screen.tsx";
import { adminPagesOf } from "#app/lib/admin-gate.ts";
import type { Route } from "./+types/api";

export async function loader({ context }: Route.LoaderArgs) {
  return { entries: await adminPagesOf(context).apiReference.operations() };
}

/** /admin/api: the API reference for signed-in staff (issue 16). */
export default function AdminApiReference({ loaderData }: Route.ComponentProps) {
  return <ApiReferenceScreen entries={loaderData.entries} />;
}
