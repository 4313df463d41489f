import { data } from "react-router";
import { ReceiptView } from "#app/features/admin/sales/receipt-view.tsx";
import { adminPagesOf } from "#app/lib/admin-gate.ts";
import { parseDatabaseId } from "#common/ids.ts";
import type { Route } from "./+types/sales-receipt";

export async function loader({ params, context }: Route.LoaderArgs) {
  const pages = adminPagesOf(context);
  const saleNumber = parseDatabaseId(params.saleNumber);
  const receipt = saleNumber === null ? null : await pages.sales.receipt(saleNumber);
  if (!receipt) throw data({ message: "Sale not found" }, { status: 404 });
  return { receipt };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Receipt #${loaderData?.receipt.sale.saleNumber ?? ""} | Glow Haven Admin` },
  { name: "robots", content: "noindex, nofollow" },
];

/** /admin/sales/receipt/{saleNumber}: the printable receipt of a sale (issue 11). */
export default function AdminSaleReceipt({ loaderData }: Route.ComponentProps) {
  return <ReceiptView receipt={loaderData.receipt} />;
}
