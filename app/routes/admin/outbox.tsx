import { OutboxScreen } from "#app/features/admin/outbox/outbox-screen.tsx";
import { adminPagesOf } from "#app/lib/admin-gate.ts";
import { outboxListQuerySchema } from "#common/outbox.ts";
import { parseListQuery } from "#common/paging.ts";
import type { Route } from "./+types/outbox";

export async function loader({ request, context }: Route.LoaderArgs) {
  const pages = adminPagesOf(context);
  return { page: await pages.outbox.page(parseListQuery(outboxListQuerySchema, request.url)) };
}

/** /admin/outbox: every message the app wrote, newest first (ARCHITECTURE.md "email", issue 17). */
export default function AdminOutbox({ loaderData }: Route.ComponentProps) {
  return <OutboxScreen page={loaderData.page} />;
}
