/**
 * The customer dialog's Notes tab (admin spec §2 "Customer detail dialog", §5): the staff's notes
 * on the client, edited in place → PUT /api/customer-notes/{email}, validated (trimmed) by the
 * shared `customerNotesSchema`, as on the server. Without a connection the notes are kept on the
 * device and sent once when it returns (issue 35; decision 0277: the same Idempotency-Key rule as
 * the other offline writes); the tab shows them with their state until they are sent.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { adminButton } from "#app/features/admin/kit/buttons.ts";
import { sendOrQueue, useQueuedState } from "#app/features/admin/kit/offline-requests.ts";
import { useAdminMutation } from "#app/features/admin/kit/use-admin-mutation.ts";
import { CLIENT_MESSAGES, type CustomerNote, customerNotesSchema } from "#common/clients.ts";
import { formatLagosDayTime } from "#common/lagos-time.ts";
import { SectionTitle } from "./customer-parts.tsx";

type NotesInput = z.input<typeof customerNotesSchema>;
type NotesOutput = z.output<typeof customerNotesSchema>;

export function NotesTab({ email, note }: { email: string; note: CustomerNote }) {
  const [editing, setEditing] = useState(false);
  // Notes kept offline: their text and their key in the device's queue.
  const [kept, setKept] = useState<{ key: string; notes: string } | null>(null);
  const keptState = useQueuedState(kept?.key ?? null);
  const form = useForm<NotesInput, unknown, NotesOutput>({
    resolver: zodResolver(customerNotesSchema),
    defaultValues: { notes: note.notes },
  });
  const { register, handleSubmit, reset, formState } = form;
  useEffect(() => {
    if (!editing) reset({ notes: note.notes });
  }, [note, editing, reset]);
  const save = useAdminMutation<{ queued: boolean }, NotesInput>({
    success: (r) =>
      r.queued
        ? {
            title: "Saved offline",
            description: "No connection: the notes will be sent when the connection returns.",
          }
        : { title: CLIENT_MESSAGES.notesUpdated, description: CLIENT_MESSAGES.notesUpdatedText },
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
            save.run(
              async () => {
                const sent = await sendOrQueue({
                  method: "PUT",
                  url: `/api/customer-notes/${encodeURIComponent(email)}`,
                  body: values,
                  label: `Client notes: ${email}`,
                });
                setKept(sent.queued ? { key: sent.key, notes: values.notes } : null);
                return { queued: sent.queued };
              },
              // Offline there is nothing to reload: the tab shows the kept notes.
              navigator.onLine ? {} : { after: "none" },
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
      ) : kept && keptState ? (
        <div className="space-y-1">
          <p className="whitespace-pre-wrap rounded-md bg-amber-50 p-3 text-sm text-ink">
            {kept.notes || "No notes"}
          </p>
          <p className="text-xs font-medium text-amber-900" role="status">
            {keptState.status === "waiting"
              ? "Saved on this device: waiting to sync"
              : `Not saved: ${keptState.error}. Settle it, then Retry from the top bar; or Discard it.`}
          </p>
        </div>
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
