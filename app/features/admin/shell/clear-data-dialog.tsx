/**
 * 'Clear Admin Data' made safe (admin spec §4, §5, §8; issue 6 "Shell"): the dialog says what
 * goes and what stays, the admin types a confirmation word, a full JSON export is downloaded
 * first (the server also keeps a copy), then POST /api/admin/clear-data and a reload.
 */
import { useState } from "react";
import { adminButton, ConfirmDialog, TextField } from "#app/features/admin/ui.tsx";
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

export function ClearDataButton() {
  const [open, setOpen] = useState(false);
  const [word, setWord] = useState("");
  const [busy, setBusy] = useState(false);

  async function clear() {
    setBusy(true);
    try {
      await downloadExport();
      const result = await apiRequest<{ success: boolean; cleared: string[]; message: string }>(
        "POST",
        "/api/admin/clear-data",
      );
      window.alert(`Admin data cleared successfully! Cleared: ${result.cleared.join(", ")}`);
      window.location.reload();
    } catch (error) {
      const message = error instanceof ApiError ? (error.serverMessage ?? error.message) : null;
      window.alert(
        message
          ? `Failed to clear admin data: ${message}`
          : "Failed to clear admin data. Check console for details.",
      );
      console.warn("clear admin data failed", error);
      setBusy(false);
    }
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
              This removes all bookings, customers, orders, staff and more (sales, appointments,
              reviews, newsletter subscribers and stored emails). Services and products are kept.
            </p>
            <p className="mt-2">
              A full export of everything that is removed is downloaded first, and the server keeps
              a copy.
            </p>
          </>
        }
        confirmLabel={busy ? "Clearing..." : "Clear Admin Data"}
        confirmDisabled={busy || word.trim() !== CLEAR_DATA_CONFIRM_WORD}
        onConfirm={() => void clear()}
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
