import { ServicesScreen } from "#app/features/admin/services/services-screen.tsx";
import { adminPagesOf } from "#app/lib/admin-gate.ts";
import { serviceListQuerySchema } from "#common/catalog-forms.ts";
import { parseListQuery } from "#common/paging.ts";
import type { Route } from "./+types/services";

export async function loader({ request, context }: Route.LoaderArgs) {
  const pages = adminPagesOf(context);
  return {
    page: await pages.catalog.servicesPage(parseListQuery(serviceListQuerySchema, request.url)),
  };
}

/** /admin/services: service management (admin spec §2, §5, §8). */
export default function AdminServices({ loaderData }: Route.ComponentProps) {
  return <ServicesScreen page={loaderData.page} />;
}
