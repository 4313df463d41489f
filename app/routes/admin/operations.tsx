import { OperationsScreen } from "#app/features/admin/operations/operations-screen.tsx";
import { adminPagesOf } from "#app/lib/admin-gate.ts";
import type { Route } from "./+types/operations";

export async function loader({ context }: Route.LoaderArgs) {
  return { jobs: await adminPagesOf(context).operations.jobs() };
}

/** /admin/operations: the scheduled jobs and their last runs, for managers (issue 16). */
export default function AdminOperations({ loaderData }: Route.ComponentProps) {
  return <OperationsScreen jobs={loaderData.jobs} />;
}
