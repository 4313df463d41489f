/**
 * A list screen's state lives in the URL (common/paging.ts): this hook reads it and changes it.
 * A change replaces the history entry (filters are not pages to go Back through), keeps the
 * scroll position, and makes React Router re-run the route loader, which asks the server for the
 * one page to show. While that runs, `params` already shows the new values, so controls do not
 * jump back.
 */
import { useCallback } from "react";
import { useLocation, useNavigation, useSearchParams } from "react-router";
import { applyListParams, clearListParams, type ListParamChanges } from "./list-params.ts";

export function useListParams() {
  const [current, setSearchParams] = useSearchParams();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const pending = navigation.location?.pathname === pathname ? navigation.location : null;
  const params = pending ? new URLSearchParams(pending.search) : current;

  const set = useCallback(
    (changes: ListParamChanges, defaults?: Record<string, string>) => {
      setSearchParams((prev) => applyListParams(prev, changes, defaults), {
        replace: true,
        preventScrollReset: true,
      });
    },
    [setSearchParams],
  );

  const clear = useCallback(
    (keys: readonly string[]) => {
      setSearchParams((prev) => clearListParams(prev, keys), {
        replace: true,
        preventScrollReset: true,
      });
    },
    [setSearchParams],
  );

  return { params, set, clear, loading: pending !== null };
}
