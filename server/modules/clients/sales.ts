/**
 * A client's sales (admin spec §2 "Sales", §3 "Sale record"): read by the point of sale's module,
 * which owns the sales tables (server/modules/sales/records.ts, one query); the clients module
 * (detail dialog, export, erasure) reads them through this name.
 */
export { listClientSales } from "#server/modules/sales/records.ts";
