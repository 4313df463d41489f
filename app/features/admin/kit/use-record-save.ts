/**
 * The one save of an admin form dialog: create → POST `path`, edit → PATCH `path/{id}`, run through
 * useAdminMutation (success toast, the server's field messages onto the form, error toast,
 * revalidation). Texts are the caller's, because they are the spec's (admin spec §8).
 *
 * @example
 *   const save = useRecordSave({
 *     path: "/api/services",
 *     id: service?.id,
 *     form,
 *     formFields: FORM_FIELDS,
 *     texts: {
 *       created: { title: "Service created successfully!" },
 *       updated: { title: "Service updated successfully!" },
 *       createFailed: "Failed to create service",
 *       updateFailed: "Failed to update service",
 *     },
 *     onSaved: () => onOpenChange(false),
 *   });
 *   <form onSubmit={form.handleSubmit((values) => save.run(values))}>
 */
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import type { ToastOptions } from "#app/components/ui/toast.tsx";
import { apiRequest } from "#app/lib/api.ts";
import { type AdminMutationOptions, useAdminMutation } from "./use-admin-mutation.ts";

export type RecordSaveTexts<TResult> = {
  created: ToastOptions | ((result: TResult) => ToastOptions);
  updated: ToastOptions | ((result: TResult) => ToastOptions);
  createFailed: string | ((error: unknown) => string);
  updateFailed: string | ((error: unknown) => string);
  /** The error toast's titles; default 'Error'. */
  createFailedTitle?: string;
  updateFailedTitle?: string;
};

/**
 * @param options.path the collection's URL, e.g. '/api/services'.
 * @param options.id the record being edited, or null/undefined to create one.
 * @returns `run(body)` sends the body and resolves with the mutation's outcome; `pending` is
 *   true while it runs.
 */
export function useRecordSave<TResult = unknown, TForm extends FieldValues = FieldValues>({
  path,
  id,
  form,
  formFields,
  fieldFor,
  texts,
  onSaved,
}: {
  path: string;
  id: number | string | null | undefined;
  form: { setError: UseFormSetError<TForm> };
  formFields?: readonly Path<TForm>[];
  fieldFor?: AdminMutationOptions<TResult, TForm>["fieldFor"];
  texts: RecordSaveTexts<TResult>;
  onSaved?: (result: TResult) => void;
}) {
  const editing = id !== null && id !== undefined;
  const mutation = useAdminMutation<TResult, TForm>({
    success: editing ? texts.updated : texts.created,
    failure: editing ? texts.updateFailed : texts.createFailed,
    failureTitle: editing ? texts.updateFailedTitle : texts.createFailedTitle,
    form,
    formFields,
    fieldFor,
    onSuccess: onSaved,
  });
  return {
    run: (body: unknown) =>
      mutation.run(() =>
        editing
          ? apiRequest<TResult>("PATCH", `${path}/${id}`, body)
          : apiRequest<TResult>("POST", path, body),
      ),
    pending: mutation.pending,
  };
}
