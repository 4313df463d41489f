/**
 * A blocked time's details (admin spec §3 "Blocked time"): what, when, for whom, its type, paid
 * and recurring labels, Edit (the Block Time form) and Delete after a confirmation →
 * DELETE /api/blocked-time/{id}.
 */
import { useState } from "react";
import { DialogContent, DialogRoot, DialogTitle } from "#app/components/ui/dialog.tsx";
import { adminButton } from "#app/features/admin/kit/buttons.ts";
import { ConfirmDialog } from "#app/features/admin/kit/confirm-dialog.tsx";
import { serverMessageOr, useAdminMutation } from "#app/features/admin/kit/use-admin-mutation.ts";
import { useCapabilities } from "#app/features/admin/kit/use-capabilities.ts";
import { apiRequest } from "#app/lib/api.ts";
import type { BlockedTime } from "#common/calendar.ts";
import { formatLagosSpan } from "#common/lagos-time.ts";

export function BlockDetailsDialog({
  block,
  onOpenChange,
  onEdit,
}: {
  block: BlockedTime | null;
  onOpenChange: (open: boolean) => void;
  /** Opens the Block Time form on this block (PATCH /api/blocked-time/{id}). */
  onEdit: (block: BlockedTime) => void;
}) {
  const can = useCapabilities();
  const [confirm, setConfirm] = useState(false);
  const remove = useAdminMutation({
    success: { title: "Blocked time deleted successfully!" },
    failure: serverMessageOr("Failed to delete blocked time"),
    failureTitle: "Failed to delete blocked time",
  });
  if (!block) return null;
  return (
    <>
      <DialogRoot open onOpenChange={onOpenChange}>
        <DialogContent className="max-w-md">
          <DialogTitle className="flex items-center gap-2 text-xl font-semibold text-ink">
            <span
              aria-hidden
              className="inline-block h-4 w-4 rounded-full"
              style={{ backgroundColor: block.color }}
            />
            {block.title}
          </DialogTitle>
          <dl className="mt-4 grid grid-cols-[7rem_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-gray-600">When</dt>
            <dd className="text-ink">
              {formatLagosSpan(new Date(block.startTime), new Date(block.endTime))}
            </dd>
            <dt className="text-gray-600">Staff</dt>
            <dd className="text-ink">{block.staffName ?? "All staff"}</dd>
            <dt className="text-gray-600">Type</dt>
            <dd className="capitalize text-ink">{block.blockType}</dd>
            <dt className="text-gray-600">Paid</dt>
            <dd className="text-ink">{block.isPaid ? "Yes" : "No"}</dd>
            <dt className="text-gray-600">Recurring</dt>
            <dd className="text-ink">{block.isRecurring ? "Yes" : "No"}</dd>
            {block.description && (
              <>
                <dt className="text-gray-600">Description</dt>
                <dd className="whitespace-pre-wrap text-ink">{block.description}</dd>
              </>
            )}
          </dl>
          {can("blockedTime.manage", block.staffId) && (
            <div className="mt-5 flex justify-end gap-2">
              <button type="button" className={adminButton.outline} onClick={() => onEdit(block)}>
                Edit
              </button>
              <button type="button" className={adminButton.danger} onClick={() => setConfirm(true)}>
                Delete
              </button>
            </div>
          )}
        </DialogContent>
      </DialogRoot>
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title="Delete blocked time?"
        description={`This frees the time blocked for ${block.title}.`}
        confirmLabel="Delete"
        confirmDisabled={remove.pending}
        onConfirm={() =>
          void remove.run(() => apiRequest("DELETE", `/api/blocked-time/${block.id}`), {
            onSuccess: () => {
              setConfirm(false);
              onOpenChange(false);
            },
          })
        }
      />
    </>
  );
}
