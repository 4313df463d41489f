import { data } from "react-router";
import { EmptyState } from "#app/features/admin/kit/empty-state.tsx";
import { ReceiptView } from "#app/features/admin/sales/receipt-view.tsx";
import { adminPagesOf } from "#app/lib/admin-gate.ts";
import { parseDatabaseId } from "#common/ids.ts";
import type { Route } from "./+types/sales-receipt";

export async function loader({ params, context }: Route.LoaderArgs) {
  const pages = adminPagesOf(context);
  const saleNumber = parseDatabaseId(params.saleNumber);
  const receipt = saleNumber === null ? null : await pages.sales.receipt(saleNumber);
  // An unknown sale answers 404 with the page's own message, inside the admin shell.
  return data({ receipt }, { status: receipt ? 200 : 404 });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: loaderData?.receipt
      ? `Receipt #${loaderData.receipt.sale.saleNumber} | Glow Haven Admin`
      : "Sale not found | Glow Haven Admin",
  },
  { name: "robots", content: "noindex, nofollow" },
];

/** /admin/sales/receipt/{saleNumber}: the printable receipt of a sale (issue 11). */
export default function AdminSaleReceipt({ loaderData }: Route.ComponentProps) {
  if (!loaderData.receipt) return <EmptyState>Sale not found.</EmptyState>;
  return <ReceiptView receipt={loaderData.receipt} />;
}
