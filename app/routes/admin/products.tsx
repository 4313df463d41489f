import { ProductsScreen } from "#app/features/admin/products/products-screen.tsx";
import { adminPagesOf } from "#app/lib/admin-gate.ts";
import { productListQuerySchema } from "#common/catalog-forms.ts";
import { parseListQuery } from "#common/paging.ts";
import type { Route } from "./+types/products";

export async function loader({ request, context }: Route.LoaderArgs) {
  const pages = adminPagesOf(context);
  const query = parseListQuery(productListQuerySchema, request.url);
  return { page: await pages.catalog.productsPage(query), query };
}

/** /admin/products: product management (admin spec §2, §4, §5, §9). */
export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  return <ProductsScreen page={loaderData.page} query={loaderData.query} />;
}
