/**
 * The customer dialog's Notes tab (admin spec §2 "Customer detail dialog", §5): the staff's notes
 * on the client, edited in place → PUT /api/customer-notes/{email}, validated (trimmed) by the
 * shared `customerNotesSchema`, as on the server.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { adminButton } from "#app/features/admin/kit/buttons.ts";
import { useAdminMutation } from "#app/features/admin/kit/use-admin-mutation.ts";
import { apiRequest } from "#app/lib/api.ts";
import { CLIENT_MESSAGES, type CustomerNote, customerNotesSchema } from "#common/clients.ts";
import { formatLagosDayTime } from "#common/lagos-time.ts";
import { SectionTitle } from "./customer-parts.tsx";

type NotesInput = z.input<typeof customerNotesSchema>;
type NotesOutput = z.output<typeof customerNotesSchema>;

export function NotesTab({ email, note }: { email: string; note: CustomerNote }) {
  const [editing, setEditing] = useState(false);
  const form = useForm<NotesInput, unknown, NotesOutput>({
    resolver: zodResolver(customerNotesSchema),
    defaultValues: { notes: note.notes },
  });
  const { register, handleSubmit, reset, formState } = form;
  useEffect(() => {
    if (!editing) reset({ notes: note.notes });
  }, [note, editing, reset]);
  const save = useAdminMutation<CustomerNote, NotesInput>({
    success: { title: CLIENT_MESSAGES.notesUpdated, description: CLIENT_MESSAGES.notesUpdatedText },
    failure: CLIENT_MESSAGES.notesFailed,
    form,
    formFields: ["notes"],
    onSuccess: () => setEditing(false),
  });
  const error = formState.errors.notes?.message;
  return (
    <div className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <SectionTitle>Notes</SectionTitle>
        {!editing && (
          <button type="button" className={adminButton.outline} onClick={() => setEditing(true)}>
            Edit Notes
          </button>
        )}
      </div>
      {editing ? (
        <form
          className="space-y-3"
          onSubmit={handleSubmit((values) =>
            save.run(() =>
              apiRequest<CustomerNote>(
                "PUT",
                `/api/customer-notes/${encodeURIComponent(email)}`,
                values,
              ),
            ),
          )}
        >
          <label htmlFor="customer-notes" className="sr-only">
            Customer notes
          </label>
          <textarea
            id="customer-notes"
            rows={8}
            placeholder="Add notes about this customer…"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "customer-notes-error" : undefined}
            className="block w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-sm"
            {...register("notes")}
          />
          {error && (
            <p id="customer-notes-error" className="text-sm text-red-700">
              {error}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <button
              type="button"
              className={adminButton.outline}
              onClick={() => setEditing(false)}
              disabled={save.pending}
            >
              Cancel
            </button>
            <button type="submit" className={adminButton.primary} disabled={save.pending}>
              {save.pending ? "Saving..." : "Save Notes"}
            </button>
          </div>
        </form>
      ) : note.notes ? (
        <p className="whitespace-pre-wrap rounded-md bg-gray-50 p-3 text-sm text-ink">
          {note.notes}
        </p>
      ) : (
        <p className="text-sm text-gray-700">No notes added yet</p>
      )}
      {note.updatedAt && (
        <p className="text-xs text-gray-600">Last updated: {formatLagosDayTime(note.updatedAt)}</p>
      )}
    </div>
  );
}
