/**
 * One admin change, the same way everywhere (ARCHITECTURE.md "Back-office layout"):
 *
 *   save → success toast → (onSuccess, e.g. close the dialog) → revalidate the page's loaders
 *   save fails → the server's field messages onto the form (react-hook-form setError)
 *             → error toast with the spec's failure text → revalidate when the record changed
 *               elsewhere (404, 409), so the screen shows what is true now
 *
 * Texts are the caller's, because they are the spec's (admin spec §8): `success` is the whole
 * toast, `failure` the error toast's description under the title 'Error' (or `failureTitle`).
 *
 * @example
 *   const save = useAdminMutation({
 *     success: { title: "Service created successfully!" },
 *     failure: "Failed to create service",
 *     form,
 *     onSuccess: () => onOpenChange(false),
 *   });
 *   form.handleSubmit((values) => save.run(() => apiRequest("POST", "/api/services", values)));
 */
import { useCallback, useRef, useState } from "react";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { useRevalidator } from "react-router";
import { type ToastOptions, useToast } from "#app/components/ui/toast.tsx";
import { ApiError, apiFieldErrors } from "#app/lib/api.ts";

const GENERIC_FAILURE = "Something went wrong. Please try again.";

export type AdminMutationOptions<TResult, TForm extends FieldValues> = {
  /** The success toast, or a function of the server's answer giving it; none when absent. */
  success?: ToastOptions | ((result: TResult) => ToastOptions);
  /** The error toast's description, or a function of the error giving it. */
  failure?: string | ((error: unknown) => string);
  /** The error toast's title; default 'Error'. */
  failureTitle?: string;
  /** The form whose fields get the server's per-field messages. */
  form?: { setError: UseFormSetError<TForm> };
  /**
   * The form field a server field's message goes to, or null to drop it (the toast still
   * shows). Default: `formFields` membership.
   */
  fieldFor?: (serverField: string) => Path<TForm> | null;
  /** The form's field names, for the default `fieldFor`. */
  formFields?: readonly Path<TForm>[];
  /** Runs after the success toast, before revalidation (e.g. close the dialog). */
  onSuccess?: (result: TResult) => void;
  /** Runs after the error toast. */
  onError?: (error: unknown) => void;
  /** After success: re-run the page's loaders (default), reload the page, or nothing. */
  after?: "revalidate" | "reload" | "none";
  /** How to tell the admin; default the toast (Clear Admin Data uses alerts, as the spec says). */
  notify?: (message: ToastOptions) => void;
};

export type MutationOutcome<T> = { ok: true; data: T } | { ok: false; error: unknown };

/**
 * @returns `run(action, overrides?)` performs one change (`action` calls the API) with the
 *   options, `overrides` replacing any of them for this call; `key` marks which row is busy.
 *   `pending` is true while a change runs; `isPending(key)` while that row's runs.
 */
export function useAdminMutation<TResult = unknown, TForm extends FieldValues = FieldValues>(
  options: AdminMutationOptions<TResult, TForm> = {},
) {
  const toast = useToast();
  const { revalidate } = useRevalidator();
  const [pendingKey, setPendingKey] = useState<string | number | null>(null);
  const latest = useRef(options);
  latest.current = options;

  const run = useCallback(
    async <T extends TResult>(
      action: () => Promise<T>,
      overrides: Partial<AdminMutationOptions<T, TForm>> & { key?: string | number } = {},
    ): Promise<MutationOutcome<T>> => {
      const o = { ...latest.current, ...overrides } as AdminMutationOptions<T, TForm>;
      const notify = o.notify ?? toast;
      setPendingKey(overrides.key ?? "");
      try {
        const data = await action();
        const success = typeof o.success === "function" ? o.success(data) : o.success;
        if (success) notify(success);
        o.onSuccess?.(data);
        if ((o.after ?? "revalidate") === "revalidate") await revalidate();
        else if (o.after === "reload") window.location.reload();
        return { ok: true, data };
      } catch (error) {
        if (o.form) {
          for (const [field, message] of Object.entries(apiFieldErrors(error))) {
            const target = o.fieldFor
              ? o.fieldFor(field)
              : o.formFields?.includes(field as Path<TForm>)
                ? (field as Path<TForm>)
                : null;
            if (target) o.form.setError(target, { message });
          }
        }
        notify({
          title: o.failureTitle ?? "Error",
          description:
            (typeof o.failure === "function" ? o.failure(error) : o.failure) ?? GENERIC_FAILURE,
          variant: "destructive",
        });
        o.onError?.(error);
        if (error instanceof ApiError && (error.status === 404 || error.status === 409)) {
          await revalidate();
        }
        return { ok: false, error };
      } finally {
        setPendingKey(null);
      }
    },
    [toast, revalidate],
  );

  return {
    run,
    pending: pendingKey !== null,
    isPending: (key: string | number) => pendingKey === key,
  };
}

/** The server's own message of a failed call, else `fallback` (for spec texts such as no-show). */
export function serverMessageOr(fallback: string) {
  return (error: unknown) => (error instanceof ApiError && error.serverMessage) || fallback;
}
