/**
 * The customer dialog's duplicates part (issue 28 item 7): "Possible duplicate of …" with each
 * matching client (same phone or same name) and a button to open it; for managers, Merge opens a
 * preview of what moves, with a choice of which client to keep, and the merges into this client
 * of the last 30 days can be undone. Only names, emails, phones and counts are shown: never the
 * other client's health data.
 */
import { useEffect, useState } from "react";
import { adminButton } from "#app/features/admin/kit/buttons.ts";
import { ConfirmDialog } from "#app/features/admin/kit/confirm-dialog.tsx";
import { useAdminMutation } from "#app/features/admin/kit/use-admin-mutation.ts";
import { apiRequest } from "#app/lib/api.ts";
import {
  type DuplicateMatch,
  MERGE_COUNT_LABELS,
  MERGE_MESSAGES,
  MERGE_UNDO_DAYS,
  type MergeCounts,
  type MergePreview,
} from "#common/client-merge.ts";
import type { ClientDetail } from "#common/clients.ts";
import { formatLagosDay } from "#common/lagos-time.ts";

const REASON_TEXT = { phone: "same phone", name: "same name" } as const;

export function DuplicatesSection({
  detail,
  canMerge,
  onOpenClient,
}: {
  detail: ClientDetail;
  canMerge: boolean;
  onOpenClient: (id: number) => void;
}) {
  const [merging, setMerging] = useState<DuplicateMatch | null>(null);
  if (detail.duplicates.length === 0 && detail.merges.length === 0) return null;
  return (
    <section aria-labelledby="possible-duplicates" className="space-y-3">
      {detail.duplicates.length > 0 && (
        <div className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <h3 id="possible-duplicates" className="font-semibold">
            Possible duplicate of {detail.duplicates.map((d) => d.name).join(", ")}
          </h3>
          <ul className="mt-2 space-y-2">
            {detail.duplicates.map((d) => (
              <li key={d.id} className="flex flex-wrap items-center justify-between gap-2">
                <span className="min-w-0">
                  <span className="font-medium">{d.name}</span>{" "}
                  <span className="break-all">{d.email}</span>
                  {d.phone && <span> · {d.phone}</span>}
                  <span className="block text-xs">
                    {d.reasons.map((r) => REASON_TEXT[r]).join(", ")}
                  </span>
                </span>
                <span className="flex gap-2">
                  <button
                    type="button"
                    className={adminButton.outline}
                    onClick={() => onOpenClient(d.id)}
                  >
                    Open
                  </button>
                  {canMerge && (
                    <button
                      type="button"
                      className={adminButton.outline}
                      onClick={() => setMerging(d)}
                    >
                      Merge…
                    </button>
                  )}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {detail.merges.length > 0 && <MergedClients detail={detail} canMerge={canMerge} />}
      {merging && (
        <MergeDialog
          current={detail}
          other={merging}
          onClose={() => setMerging(null)}
          onMerged={onOpenClient}
        />
      )}
    </section>
  );
}

/** The merges into this client that can still be undone, with Undo merge for managers. */
function MergedClients({ detail, canMerge }: { detail: ClientDetail; canMerge: boolean }) {
  const undo = useAdminMutation({
    success: { title: MERGE_MESSAGES.undone },
    failure: (e) => (e instanceof Error && e.message ? e.message : MERGE_MESSAGES.undoFailed),
  });
  return (
    <div className="rounded-md border border-gray-200 p-3 text-sm">
      <h3 className="font-semibold text-ink">Merged into this client</h3>
      <ul className="mt-2 space-y-2">
        {detail.merges.map((m) => (
          <li key={m.id} className="flex flex-wrap items-center justify-between gap-2">
            <span>
              <span className="font-medium">{m.mergedName}</span>{" "}
              <span className="break-all">{m.mergedEmail}</span>
              <span className="block text-xs text-gray-700">
                Merged {formatLagosDay(m.mergedAt)} by {m.mergedBy}; can be undone until{" "}
                {formatLagosDay(m.undoUntil)}
              </span>
            </span>
            {canMerge && (
              <button
                type="button"
                className={adminButton.outline}
                disabled={undo.isPending(m.id)}
                onClick={() =>
                  void undo.run(() => apiRequest("POST", `/api/client-merges/${m.id}/undo`), {
                    key: m.id,
                  })
                }
              >
                Undo merge
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Merge two clients: choose which to keep, see what moves from the other (counts only), then
 * Merge. The merged client's record goes; Undo is offered for 30 days.
 */
function MergeDialog({
  current,
  other,
  onClose,
  onMerged,
}: {
  current: ClientDetail;
  other: DuplicateMatch;
  onClose: () => void;
  onMerged: (keptId: number) => void;
}) {
  const [keepId, setKeepId] = useState(current.client.id);
  const mergeId = keepId === current.client.id ? other.id : current.client.id;
  const [preview, setPreview] = useState<MergePreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setPreview(null);
    setError(null);
    apiRequest<MergePreview>("GET", `/api/customers/${keepId}/merge-preview?mergeId=${mergeId}`)
      .then((p) => live && setPreview(p))
      .catch(
        (e: unknown) =>
          live && setError(e instanceof Error ? e.message : MERGE_MESSAGES.mergeFailed),
      );
    return () => {
      live = false;
    };
  }, [keepId, mergeId]);
  const merge = useAdminMutation({
    success: { title: MERGE_MESSAGES.merged, description: "The two records are now one client." },
    failure: (e) => (e instanceof Error && e.message ? e.message : MERGE_MESSAGES.mergeFailed),
    onSuccess: () => {
      onClose();
      onMerged(keepId);
    },
  });
  const choices = [
    { id: current.client.id, name: current.client.name, email: current.client.email },
    { id: other.id, name: other.name, email: other.email },
  ];
  return (
    <ConfirmDialog
      open
      onOpenChange={(o) => !o && onClose()}
      title="Merge Clients"
      description={`Everything of the merged client moves to the client you keep; blank details of the kept client are filled, none are overwritten. The merged client's record is removed. You can undo this for ${MERGE_UNDO_DAYS} days.`}
      confirmLabel="Merge"
      confirmDisabled={preview === null || merge.pending}
      onConfirm={() =>
        void merge.run(() => apiRequest("POST", `/api/customers/${keepId}/merge`, { mergeId }))
      }
    >
      <fieldset className="mt-4 text-sm">
        <legend className="font-semibold text-ink">Client to keep</legend>
        {choices.map((c) => (
          <label key={c.id} className="mt-1 flex items-start gap-2">
            <input
              type="radio"
              name="keep"
              className="mt-1"
              checked={keepId === c.id}
              onChange={() => setKeepId(c.id)}
            />
            <span>
              {c.name} <span className="break-all text-gray-700">{c.email}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <MergePreviewBody preview={preview} error={error} />
    </ConfirmDialog>
  );
}

function MergePreviewBody({
  preview,
  error,
}: {
  preview: MergePreview | null;
  error: string | null;
}) {
  if (error) return <p className="mt-3 text-sm text-red-700">{error}</p>;
  if (!preview) return <p className="mt-3 text-sm text-gray-700">Loading what moves…</p>;
  const counts = (Object.keys(MERGE_COUNT_LABELS) as Array<keyof MergeCounts>).filter(
    (k) => preview.moves[k] > 0,
  );
  return (
    <div className="mt-3 text-sm" aria-live="polite">
      <p className="font-semibold text-ink">
        Moves from {preview.merge.name} to {preview.keep.name}
      </p>
      {counts.length === 0 ? (
        <p className="text-gray-700">No records to move.</p>
      ) : (
        <ul className="mt-1 grid grid-cols-2 gap-x-4" aria-label="What moves">
          {counts.map((k) => (
            <li key={k}>
              {MERGE_COUNT_LABELS[k]}: {preview.moves[k]}
            </li>
          ))}
        </ul>
      )}
      {(preview.fills.length > 0 || preview.healthFieldsFilled > 0) && (
        <p className="mt-2 text-gray-700">
          Blank details filled:{" "}
          {[
            ...preview.fills,
            ...(preview.healthFieldsFilled > 0
              ? [`${preview.healthFieldsFilled} health field(s)`]
              : []),
          ].join(", ")}
        </p>
      )}
    </div>
  );
}
