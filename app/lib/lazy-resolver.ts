/**
 * A react-hook-form resolver whose zod schema is loaded on first use (issue 15: no form
 * validation library in a page's first load). The forms validate on submit and then on change,
 * so the schema chunk is fetched when the visitor first submits, or earlier through `preload`
 * (called when a field of the form is first focused); the messages are the schema's, unchanged.
 */
import type { FieldValues, Resolver } from "react-hook-form";

/** The resolver, and a function that starts loading it. */
export function lazyResolver<T extends FieldValues>(
  load: () => Promise<Resolver<T>>,
): { resolver: Resolver<T>; preload: () => void } {
  let loading: Promise<Resolver<T>> | undefined;
  const get = () => {
    loading ??= load().catch((err) => {
      loading = undefined;
      throw err;
    });
    return loading;
  };
  return {
    resolver: async (values, context, options) => (await get())(values, context, options),
    preload: () => {
      void get().catch(() => {});
    },
  };
}
