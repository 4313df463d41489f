import { describe, expect, it } from "vitest";
import { bookingListQuerySchema } from "./booking.ts";
import { productListQuerySchema } from "./catalog-forms.ts";
import {
  DEFAULT_PAGE_SIZE,
  likePattern,
  listQuerySchema,
  MAX_PAGE_SIZE,
  MAX_SEARCH_LENGTH,
  pageCount,
  pageWindow,
  parseListQuery,
} from "./paging.ts";

describe("list query params", () => {
  it("reads an empty URL as page 1 of the default size with no search", () => {
    expect(parseListQuery(listQuerySchema, "http://x/admin/bookings")).toEqual({
      page: 1,
      pageSize: DEFAULT_PAGE_SIZE,
      q: "",
    });
  });

  it("clamps numbers and never fails on bad values", () => {
    const read = (search: string) => parseListQuery(listQuerySchema, `http://x/?${search}`);
    expect(read("page=0&pageSize=0")).toMatchObject({ page: 1, pageSize: 1 });
    expect(read("page=-4&pageSize=5000")).toMatchObject({ page: 1, pageSize: MAX_PAGE_SIZE });
    expect(read("page=abc&pageSize=")).toMatchObject({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
    expect(read("page=2.9&pageSize=10")).toMatchObject({ page: 2, pageSize: 10 });
    expect(read("page=1e400")).toMatchObject({ page: 1 });
    expect(read(`q=${"a".repeat(500)}`).q).toHaveLength(MAX_SEARCH_LENGTH);
    expect(read("q=%20%20Ada%20").q).toBe("Ada");
    expect(read("q=a&q=b").q).toBe("a");
  });

  it("falls back to the default for an unknown filter or sort value", () => {
    expect(parseListQuery(bookingListQuerySchema, "http://x/?period=year").period).toBe("all");
    expect(parseListQuery(bookingListQuerySchema, "http://x/?period=week").period).toBe("week");
    const products = parseListQuery(
      productListQuerySchema,
      "http://x/?sort=drop%20table&dir=sideways&stock=maybe&category=Masks!",
    );
    expect(products).toMatchObject({ sort: "name", dir: "asc", stock: "all", category: "all" });
    expect(
      parseListQuery(productListQuerySchema, "http://x/?sort=price&dir=desc&category=masks"),
    ).toMatchObject({ sort: "price", dir: "desc", category: "masks" });
  });
});

describe("search text", () => {
  it("drops control characters such as NUL, trims and cuts to the maximum", () => {
    expect(listQuerySchema.parse({ q: " ab\u0000cd\n " }).q).toBe("abcd");
    expect(listQuerySchema.parse({ q: "x".repeat(500) }).q.length).toBeLessThanOrEqual(100);
  });
});

describe("page window", () => {
  it("counts pages, at least one", () => {
    expect(pageCount(0, 30)).toBe(1);
    expect(pageCount(30, 30)).toBe(1);
    expect(pageCount(31, 30)).toBe(2);
  });

  it("serves the last page when asked beyond it", () => {
    expect(pageWindow(1, 30, 0)).toEqual({ page: 1, offset: 0 });
    expect(pageWindow(2, 30, 61)).toEqual({ page: 2, offset: 30 });
    expect(pageWindow(9, 30, 61)).toEqual({ page: 3, offset: 60 });
  });
});

describe("likePattern", () => {
  it("escapes LIKE wildcards so they match themselves", () => {
    expect(likePattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });
});
