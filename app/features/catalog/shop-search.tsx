/**
 * The shop's search box and sort (issue 33): a GET form, so it works before JavaScript loads and
 * the URL keeps them (?q=serum&sort=price-asc); the category in force rides along and a new
 * search starts at page 1. Changing the sort submits at once once scripts run.
 */
import { Search } from "lucide-react";
import { Form, useSubmit } from "react-router";
import { SHOP_QUERY_MAX, SHOP_SORTS } from "#common/product-search.ts";

export function ShopSearch({ q, sort, category }: { q: string; sort: string; category: string }) {
  const submit = useSubmit();
  return (
    <Form
      method="get"
      role="search"
      aria-label="Search products"
      preventScrollReset
      className="mx-auto mb-6 flex max-w-3xl flex-col gap-3 sm:flex-row sm:items-end"
    >
      {category !== "all" && <input type="hidden" name="category" value={category} />}
      <label className="flex flex-1 flex-col gap-1 text-sm font-medium text-brand-900">
        Search products
        <input
          type="search"
          name="q"
          defaultValue={q}
          maxLength={SHOP_QUERY_MAX}
          placeholder="Name, category or concern, e.g. dark spots"
          className="h-11 rounded-full border border-brand-200 bg-white px-4 text-base font-normal text-ink placeholder:text-stone-500"
        />
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium text-brand-900">
        Sort by
        <select
          name="sort"
          defaultValue={sort}
          onChange={(e) => submit(e.currentTarget.form, { preventScrollReset: true })}
          className="h-11 rounded-full border border-brand-200 bg-white px-4 text-base font-normal text-ink"
        >
          {SHOP_SORTS.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </label>
      <button
        type="submit"
        className="inline-flex h-11 items-center justify-center gap-2 rounded-full bg-brand-700 px-6 text-sm font-medium text-white hover:bg-brand-800"
      >
        <Search className="h-4 w-4" aria-hidden />
        Search
      </button>
    </Form>
  );
}
