/**
 * Streams a CSV download page by page (issue 29; decision 0236): rows are read from the database
 * in pages of EXPORT_PAGE_ROWS by id (keyset paging, so a page never repeats or skips a row
 * while others are added) and written through csv-stringify into the response as they come, so
 * an export of every client or order never sits whole in memory.
 */
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { stringify } from "csv-stringify";
import type { Response } from "express";

/** Rows read from the database per page. */
export const EXPORT_PAGE_ROWS = 500;

/** One column: its header and its cell from a row (text or number; null as empty). */
export type CsvColumn<T> = { header: string; cell: (row: T) => string | number | null };

/**
 * A source of rows in id order: the page of at most `limit` rows whose id is above `afterId`.
 * The row's `id` is the paging key and need not be a column.
 */
export type CsvPages<T extends { id: number }> = (afterId: number, limit: number) => Promise<T[]>;

/**
 * Answers `res` with the CSV of every row `pages` gives (header row first) as the attachment
 * `fileName`, reading one page at a time as the client takes the bytes (stream backpressure).
 * A database error after the first bytes cuts the download short and is logged; it cannot
 * change the status already sent.
 */
export async function streamCsv<T extends { id: number }>(
  res: Response,
  fileName: string,
  columns: readonly CsvColumn<T>[],
  pages: CsvPages<T>,
): Promise<void> {
  // The first page is read before any header is sent, so a failing query still answers 500 JSON.
  const first = await pages(0, EXPORT_PAGE_ROWS);
  async function* records() {
    let page = first;
    for (;;) {
      for (const row of page) yield columns.map((c) => c.cell(row) ?? "");
      const last = page.at(-1);
      if (page.length < EXPORT_PAGE_ROWS || !last) return;
      page = await pages(last.id, EXPORT_PAGE_ROWS);
    }
  }
  res.set("Cache-Control", "no-store").type("text/csv; charset=utf-8").attachment(fileName);
  try {
    await pipeline(
      Readable.from(records()),
      stringify({ header: true, columns: columns.map((c) => c.header) }),
      res,
    );
  } catch (err) {
    res.req.log?.error({ err }, `CSV export ${fileName} cut short`);
  }
}
