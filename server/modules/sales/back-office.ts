/**
 * The point of sale's part of the back office (server/back-office.ts). For now only Clear Admin
 * Data; surcharges are till configuration and stay, like services and products. The POS area
 * (issue 11) adds its search and dashboard source here.
 */
import type { ClearableTable } from "#server/back-office.ts";
import { saleLines, salePayments, sales } from "#server/db/schema/sales.ts";

/** Payments and lines before their sales. */
export const salesClearable: ClearableTable[] = [
  { name: "sale_payments", table: salePayments },
  { name: "sale_lines", table: saleLines },
  { name: "sales", table: sales },
];
