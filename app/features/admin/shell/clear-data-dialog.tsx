/**
 * 'Clear Admin Data' made safe (admin spec §4, §5, §8; issue 6 "Shell"): the dialog says what
 * goes and what stays, the admin types a confirmation word, a full JSON export is downloaded
 * first (the server also keeps a copy), then POST /api/admin/clear-data and a reload.
 */
import { useState } from "react";
import { adminButton } from "#app/features/admin/kit/buttons.ts";
import { ConfirmDialog } from "#app/features/admin/kit/confirm-dialog.tsx";
import { TextField } from "#app/features/admin/kit/fields.tsx";
import { useAdminMutation } from "#app/features/admin/kit/use-admin-mutation.ts";
import { ApiError, apiRequest } from "#app/lib/api.ts";
import { CLEAR_DATA_CONFIRM_WORD } from "#common/data-export.ts";

async function downloadExport(): Promise<void> {
  const res = await fetch("/api/admin/export", { credentials: "include" });
  if (!res.ok) throw new ApiError(res.status, await res.text(), res.statusText);
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = `glowhaven-admin-data-${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

type ClearResult = { success: boolean; cleared: string[]; message: string };

/** The spec's failure alert text (admin spec §8). */
function clearFailure(error: unknown): string {
  const message = error instanceof ApiError ? (error.serverMessage ?? error.message) : null;
  return message
    ? `Failed to clear admin data: ${message}`
    : "Failed to clear admin data. Check console for details.";
}

export function ClearDataButton() {
  const [open, setOpen] = useState(false);
  const [word, setWord] = useState("");
  // Alerts and a reload instead of toasts and a revalidation, as the spec says (admin spec §4, §8).
  const clear = useAdminMutation<ClearResult>({
    notify: (message) => window.alert(message.description ?? message.title),
    success: (result) => ({
      title: `Admin data cleared successfully! Cleared: ${result.cleared.join(", ")}`,
    }),
    failure: clearFailure,
    onError: (error) => console.warn("clear admin data failed", error),
    after: "reload",
  });
  const busy = clear.pending;

  function run() {
    void clear.run(async () => {
      await downloadExport();
      return apiRequest<ClearResult>("POST", "/api/admin/clear-data");
    });
  }

  return (
    <>
      <button
        type="button"
        className={adminButton.solidDanger}
        onClick={() => {
          setWord("");
          setOpen(true);
        }}
      >
        Clear Admin Data
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => !busy && setOpen(next)}
        title="Clear Admin Data"
        description={
          <>
            <p>
              This removes all bookings, customers, orders, staff and more: appointments, blocked
              times, sales, reviews, newsletter subscribers, client records and stored messages. Of
              your staff, only their appointments and blocked times go.
            </p>
            <p className="mt-2">
              Services and products are kept. Your staff members are kept too: their sign-ins,
              weekly schedules, time entries and pay history.
            </p>
            <p className="mt-2">
              A full export of everything that is removed is downloaded first, and the server keeps
              a copy.
            </p>
          </>
        }
        confirmLabel={busy ? "Clearing..." : "Clear Admin Data"}
        confirmDisabled={busy || word.trim() !== CLEAR_DATA_CONFIRM_WORD}
        onConfirm={run}
      >
        <TextField
          className="mt-4"
          label={`Type ${CLEAR_DATA_CONFIRM_WORD} to confirm`}
          value={word}
          autoComplete="off"
          onChange={(e) => setWord(e.target.value)}
        />
      </ConfirmDialog>
    </>
  );
}
