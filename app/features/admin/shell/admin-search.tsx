/**
 * The top-bar search (admin spec §2 "Top bar", made real in issue 6): finds clients, bookings,
 * appointments and orders through GET /api/admin/search as the admin types (after 2 characters).
 */
import { Search } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { apiRequest } from "#app/lib/api.ts";
import type { SearchHit } from "#common/search.ts";

type Hit = SearchHit;

const KIND_LABEL: Record<Hit["kind"], string> = {
  client: "Clients",
  booking: "Bookings",
  appointment: "Appointments",
  staff: "Staff",
  order: "Orders",
};

export function AdminSearch() {
  const [q, setQ] = useState("");
  const [hits, setHits] = useState<Hit[] | null>(null);
  const [open, setOpen] = useState(false);
  const boxRef = useRef<HTMLDivElement>(null);
  const resultsId = useId();

  useEffect(() => {
    const text = q.trim();
    if (text.length < 2) {
      setHits(null);
      return;
    }
    let cancelled = false;
    const timer = setTimeout(() => {
      apiRequest<{ results: Hit[] }>("GET", `/api/admin/search?q=${encodeURIComponent(text)}`)
        .then((res) => {
          if (!cancelled) setHits(res.results);
        })
        .catch(() => {
          if (!cancelled) setHits([]);
        });
    }, 200);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [q]);

  // A result opens another screen: close the list there.
  const { pathname, search } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => {
    setOpen(false);
  }, [pathname, search]);

  useEffect(() => {
    function onDown(event: MouseEvent) {
      if (!boxRef.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener("mousedown", onDown);
    return () => document.removeEventListener("mousedown", onDown);
  }, []);

  const groups = (["client", "booking", "appointment", "order", "staff"] as const)
    .map((kind) => ({ kind, items: (hits ?? []).filter((h) => h.kind === kind) }))
    .filter((g) => g.items.length > 0);

  return (
    <div ref={boxRef} className="relative w-full max-w-md">
      <label htmlFor={`${resultsId}-input`} className="sr-only">
        Search clients, bookings and orders
      </label>
      <Search
        className="pointer-events-none absolute left-3 top-2.5 h-4 w-4 text-gray-600"
        aria-hidden
      />
      <input
        id={`${resultsId}-input`}
        type="search"
        placeholder="Search clients, bookings, orders…"
        value={q}
        autoComplete="off"
        aria-controls={resultsId}
        onKeyDown={(e) => {
          if (e.key === "Escape") setOpen(false);
        }}
        onChange={(e) => {
          setQ(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        className="w-full rounded-md border border-gray-400 bg-white py-2 pl-9 pr-3 text-sm"
      />
      <section
        id={resultsId}
        aria-label="Search results"
        aria-live="polite"
        className={
          open && hits !== null
            ? "absolute left-0 right-0 top-full z-40 mt-1 max-h-96 overflow-y-auto rounded-md border border-gray-200 bg-white p-2 shadow-lg"
            : "sr-only"
        }
      >
        {open && hits !== null && (
          <>
            {groups.length === 0 && (
              <p className="p-2 text-sm text-gray-700">No matches for “{q.trim()}”.</p>
            )}
            {groups.map((group) => (
              <div key={group.kind} className="mb-2">
                <h2 className="px-2 text-xs font-semibold uppercase text-gray-600">
                  {KIND_LABEL[group.kind]}
                </h2>
                <ul>
                  {group.items.map((hit) => (
                    <li key={`${hit.kind}-${hit.id}`}>
                      <Link
                        to={hit.href}
                        onClick={() => setOpen(false)}
                        className="block rounded px-2 py-1.5 text-sm hover:bg-gray-100"
                      >
                        <span className="block font-medium text-ink">{hit.title}</span>
                        <span className="block text-xs text-gray-700">{hit.subtitle}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </>
        )}
      </section>
    </div>
  );
}
