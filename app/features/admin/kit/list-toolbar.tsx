/**
 * The controls above a list, bound to the URL (use-list-params.ts): a search box that updates
 * the list 300 ms after typing stops (or at once on Enter), and filter/sort selects. They sit in
 * a GET form, so without JavaScript Enter still searches.
 */
import { Search } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useListParams } from "./use-list-params.ts";

const SEARCH_DELAY_MS = 300;

export function ListToolbar({ label, children }: { label: string; children: ReactNode }) {
  return (
    <search aria-label={label}>
      <form
        method="get"
        className="mb-4 flex flex-wrap items-center gap-3"
        onSubmit={(e) => e.preventDefault()}
      >
        {children}
      </form>
    </search>
  );
}

/** The list's search text, URL param `param` (default 'q'); `label` is its accessible name. */
export function SearchBox({
  label,
  placeholder,
  param = "q",
  id,
}: {
  label: string;
  placeholder: string;
  param?: string;
  id?: string;
}) {
  const { params, set } = useListParams();
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const urlValue = params.get(param) ?? "";
  const [text, setText] = useState(urlValue);
  // The value this box last put in the URL: a different URL value came from elsewhere (Clear
  // Filters, the top-bar search) and replaces what is typed.
  const pushed = useRef(urlValue);
  useEffect(() => {
    if (urlValue !== pushed.current) {
      pushed.current = urlValue;
      setText(urlValue);
    }
  }, [urlValue]);

  useEffect(() => {
    if (text.trim() === pushed.current) return;
    const timer = setTimeout(() => {
      pushed.current = text.trim();
      set({ [param]: text.trim() });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, param, set]);

  return (
    <div className="relative min-w-56 flex-1">
      <label htmlFor={inputId} className="sr-only">
        {label}
      </label>
      <Search
        className="pointer-events-none absolute left-3 top-2.5 h-4 w-4 text-gray-600"
        aria-hidden
      />
      <input
        id={inputId}
        name={param}
        type="search"
        value={text}
        autoComplete="off"
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            pushed.current = text.trim();
            set({ [param]: text.trim() });
          }
        }}
        placeholder={placeholder}
        className="w-full rounded-md border border-gray-400 bg-white py-2 pl-9 pr-3 text-sm"
      />
    </div>
  );
}

export type FilterOption = { value: string; label: string };

/**
 * A select bound to URL param `param`; `defaultValue` is what a missing param means (and is left
 * out of the URL). An unknown URL value shows as the default, as the server reads it.
 */
export function FilterSelect({
  param,
  label,
  options,
  defaultValue,
  id,
}: {
  param: string;
  label: string;
  options: readonly FilterOption[];
  defaultValue: string;
  id?: string;
}) {
  const { params, set } = useListParams();
  const fallbackId = useId();
  const selectId = id ?? fallbackId;
  const raw = params.get(param) ?? defaultValue;
  const value = options.some((o) => o.value === raw) ? raw : defaultValue;
  return (
    <div>
      <label htmlFor={selectId} className="sr-only">
        {label}
      </label>
      <select
        id={selectId}
        name={param}
        value={value}
        onChange={(e) => set({ [param]: e.target.value }, { [param]: defaultValue })}
        className="rounded-md border border-gray-400 bg-white px-3 py-2 text-sm"
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
