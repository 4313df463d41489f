import { describe, expect, it } from "vitest";
import { applyListParams, clearListParams, listBody, pageHref } from "./list-params.ts";

const params = (text: string) => new URLSearchParams(text);

describe("list URL params", () => {
  it("a new filter goes back to page 1 and keeps the other params", () => {
    const next = applyListParams(params("q=ada&period=week&page=3"), { period: "month" });
    expect(next.toString()).toBe("q=ada&period=month");
  });

  it("an empty value or the default leaves the URL", () => {
    expect(applyListParams(params("q=ada&page=2"), { q: "  " }).toString()).toBe("");
    expect(
      applyListParams(params("sort=price&dir=desc"), { sort: "name" }, { sort: "name" }).toString(),
    ).toBe("dir=desc");
  });

  it("paging keeps the filters, and page 1 is not written", () => {
    expect(applyListParams(params("q=ada"), { page: 2 }).toString()).toBe("q=ada&page=2");
    expect(applyListParams(params("q=ada&page=2"), { page: 1 }).toString()).toBe("q=ada");
    expect(pageHref(params("q=ada&page=2"), 3)).toBe("?q=ada&page=3");
    expect(pageHref(params("page=2"), 1)).toBe("?");
  });

  it("Clear Filters removes the filters and the page, keeping the sort", () => {
    const next = clearListParams(params("q=ada&stock=in-stock&sort=price&page=4"), ["q", "stock"]);
    expect(next.toString()).toBe("sort=price");
  });
});

describe("what a paged list shows", () => {
  const keys = ["q", "status"];
  it("says a search found nothing even when the list is empty altogether", () => {
    expect(listBody({ total: 0, matching: 0 }, params("q=zzz"), keys)).toBe("no-matches");
    expect(listBody({ total: 9, matching: 0 }, params("status=shipped"), keys)).toBe("no-matches");
  });

  it("shows the empty state without filters, and the rows when some match", () => {
    expect(listBody({ total: 0, matching: 0 }, params("page=2"), keys)).toBe("empty");
    expect(listBody({ total: 9, matching: 3 }, params("q=ada"), keys)).toBe("rows");
  });
});
