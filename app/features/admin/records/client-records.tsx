/**
 * A client's clinical record in the customer dialog (issue 31; decision 0305), for clinical roles
 * (records.read: a manager; a therapist for their own clients): the treatment records with a
 * link to each record's screen, the signed intake and consent forms (each opened as signed), the
 * answers waiting for a clinician before they change the health record, and the before/after
 * photos compared side by side. Everything is fetched when the tab is opened, never page data;
 * the API audits each read (photos: each view), so photos load only when asked for.
 */
import { useCallback, useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { SignedFormDialog } from "#app/features/admin/forms/appointment-forms.tsx";
import { Badge } from "#app/features/admin/kit/badge.tsx";
import { adminButton } from "#app/features/admin/kit/buttons.ts";
import { ApiError, apiRequest } from "#app/lib/api.ts";
import type { ClientForms, HealthProposal } from "#common/forms.ts";
import { formatLagosDateTime, formatLagosDay } from "#common/lagos-time.ts";
import type { TreatmentPhoto, TreatmentRecordView } from "#common/records.ts";

type Records = { records: TreatmentRecordView[]; photos: TreatmentPhoto[] };

function messageOf(error: unknown): string {
  return (
    (error instanceof ApiError && error.serverMessage) || "Something went wrong. Please try again."
  );
}

/** One GET, run when the panel mounts (the tab is opened) and again on `reload`. */
function useRead<T>(url: string) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(() => {
    // A late answer for another client (the dialog moved on) is dropped.
    let current = true;
    setError(null);
    apiRequest<T>("GET", url)
      .then((d) => current && setData(d))
      .catch((e) => current && setError(messageOf(e)));
    return () => {
      current = false;
    };
  }, [url]);
  useEffect(() => {
    setData(null);
    return reload();
  }, [reload]);
  return { data, error, reload };
}

/**
 * The panel. `canDecide`: the viewer may accept or reject proposed health changes (health.edit).
 */
export function ClientRecordsPanel({
  clientId,
  canDecide,
}: {
  clientId: number;
  canDecide: boolean;
}) {
  const records = useRead<Records>(`/api/customers/${clientId}/treatment-records`);
  const forms = useRead<ClientForms>(`/api/customers/${clientId}/forms`);
  return (
    <div className="grid min-w-0 gap-6" data-testid="client-records">
      <p className="text-xs text-gray-600">
        Confidential: shown to the client's therapist and managers; each opening is recorded.
      </p>
      <TreatmentRecords records={records.data} error={records.error} />
      <SignedForms
        clientId={clientId}
        forms={forms.data}
        error={forms.error}
        canDecide={canDecide}
        onDecided={forms.reload}
      />
      <PhotoCompare photos={records.data?.photos ?? null} />
    </div>
  );
}

function Loading({ what }: { what: string }) {
  return (
    <p role="status" className="text-sm text-gray-700">
      Loading {what}...
    </p>
  );
}

function Failed({ error }: { error: string }) {
  return (
    <p role="alert" className="text-sm text-red-700">
      {error}
    </p>
  );
}

function TreatmentRecords({ records, error }: { records: Records | null; error: string | null }) {
  return (
    <section aria-labelledby="client-treatment-records">
      <h3 id="client-treatment-records" className="mb-2 text-base font-semibold text-ink">
        Treatment Records
      </h3>
      {error && <Failed error={error} />}
      {!records && !error && <Loading what="treatment records" />}
      {records && records.records.length === 0 && (
        <p className="text-sm text-gray-600">No treatment records yet.</p>
      )}
      {records && records.records.length > 0 && (
        <ul className="grid gap-2">
          {records.records.map((r) => (
            <li
              key={r.id}
              className="grid min-w-0 gap-1 rounded-md border border-gray-200 bg-white p-3 text-sm"
            >
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium text-ink">{r.serviceName}</span>
                {r.status === "signed" ? (
                  <Badge tone="green">Signed off</Badge>
                ) : (
                  <Badge tone="amber">Draft</Badge>
                )}
                {r.amendments.length > 0 && (
                  <Badge tone="gray">
                    {r.amendments.length} amendment{r.amendments.length === 1 ? "" : "s"}
                  </Badge>
                )}
              </div>
              <p className="text-gray-700">
                {r.visitAt ? formatLagosDateTime(r.visitAt) : "No visit date"}
                {r.staffName ? ` · ${r.staffName}` : ""}
              </p>
              <p className="line-clamp-2 break-words text-gray-800">{r.current.summary}</p>
              {r.appointmentId !== null && (
                <div>
                  <Link
                    to={`/admin/records/${r.appointmentId}`}
                    className={adminButton.outline}
                    aria-label={`Open record: ${r.serviceName}${r.visitAt ? `, ${formatLagosDay(r.visitAt)}` : ""}`}
                  >
                    Open record
                  </Link>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function SignedForms({
  clientId,
  forms,
  error,
  canDecide,
  onDecided,
}: {
  clientId: number;
  forms: ClientForms | null;
  error: string | null;
  canDecide: boolean;
  onDecided: () => void;
}) {
  const [viewing, setViewing] = useState<number | null>(null);
  return (
    <section aria-labelledby="client-signed-forms">
      <h3 id="client-signed-forms" className="mb-2 text-base font-semibold text-ink">
        Signed Forms
      </h3>
      {error && <Failed error={error} />}
      {!forms && !error && <Loading what="signed forms" />}
      {forms && forms.forms.length === 0 && (
        <p className="text-sm text-gray-600">No signed forms yet.</p>
      )}
      {forms && forms.forms.length > 0 && (
        <ul className="grid gap-2">
          {forms.forms.map((f) => (
            <li
              key={f.id}
              className="flex min-w-0 flex-wrap items-center justify-between gap-2 rounded-md border border-gray-200 bg-white p-3 text-sm"
            >
              <div className="min-w-0">
                <p className="break-words font-medium text-ink">
                  {f.title} <span className="font-normal text-gray-700">(version {f.version})</span>
                </p>
                <p className="text-gray-700">
                  Signed {formatLagosDateTime(f.signedAt)} by {f.signerName}
                  {f.channel === "kiosk" ? " on the clinic's tablet" : ""}
                </p>
                <p className="mt-1 flex flex-wrap gap-1">
                  {f.photographyConsent && <Badge tone="gray">Photos allowed</Badge>}
                  {f.marketingPhotoConsent && <Badge tone="gray">Marketing photos allowed</Badge>}
                  {f.withdrawnAt && (
                    <Badge tone="red">Withdrawn {formatLagosDay(f.withdrawnAt)}</Badge>
                  )}
                </p>
              </div>
              <button
                type="button"
                className={adminButton.outline}
                aria-label={`View ${f.title}, signed ${formatLagosDay(f.signedAt)}`}
                onClick={() => setViewing(f.id)}
              >
                View
              </button>
            </li>
          ))}
        </ul>
      )}
      {forms && forms.proposals.length > 0 && (
        <Proposals
          clientId={clientId}
          proposals={forms.proposals}
          canDecide={canDecide}
          onDecided={onDecided}
        />
      )}
      <SignedFormDialog
        clientId={clientId}
        formId={viewing}
        onOpenChange={(open) => !open && setViewing(null)}
      />
    </section>
  );
}

const PROPOSAL_KINDS: Record<HealthProposal["kind"], string> = {
  allergy: "Allergy",
  condition: "Condition",
  medication: "Medication",
  pregnancy: "Pregnancy / breastfeeding",
};

/** Answers of signed forms that would change the health record, until a clinician decides. */
function Proposals({
  clientId,
  proposals,
  canDecide,
  onDecided,
}: {
  clientId: number;
  proposals: HealthProposal[];
  canDecide: boolean;
  onDecided: () => void;
}) {
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function decide(id: number, decision: "accept" | "reject") {
    setBusy(id);
    setError(null);
    try {
      await apiRequest("POST", `/api/customers/${clientId}/health-proposals/${id}`, { decision });
      onDecided();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(null);
    }
  }
  return (
    <div className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
      <h4 className="font-semibold text-amber-950">Answers waiting for a clinician's review</h4>
      <ul className="mt-2 grid gap-2">
        {proposals.map((p) => (
          <li key={p.id} className="flex min-w-0 flex-wrap items-center justify-between gap-2">
            <span className="min-w-0 break-words text-gray-900">
              {PROPOSAL_KINDS[p.kind]}: {p.note || p.code || "yes"}
            </span>
            {canDecide && (
              <span className="flex gap-2">
                <button
                  type="button"
                  className={adminButton.outline}
                  disabled={busy !== null}
                  onClick={() => decide(p.id, "accept")}
                >
                  Add to health record
                </button>
                <button
                  type="button"
                  className={adminButton.outline}
                  disabled={busy !== null}
                  onClick={() => decide(p.id, "reject")}
                >
                  Dismiss
                </button>
              </span>
            )}
          </li>
        ))}
      </ul>
      {error && <Failed error={error} />}
    </div>
  );
}

const photoLabel = (p: TreatmentPhoto) =>
  `${p.kind === "before" ? "Before" : "After"}, ${formatLagosDateTime(p.takenAt)}`;

/** Two of the client's photos side by side, each chosen from all their visits' photos. */
function PhotoCompare({ photos }: { photos: TreatmentPhoto[] | null }) {
  const [shown, setShown] = useState(false);
  const [left, setLeft] = useState<number | null>(null);
  const [right, setRight] = useState<number | null>(null);
  const leftId = useId();
  const rightId = useId();
  const start = () => {
    const list = photos ?? [];
    setLeft(list.find((p) => p.kind === "before")?.id ?? list[0]?.id ?? null);
    setRight(list.findLast((p) => p.kind === "after")?.id ?? list.at(-1)?.id ?? null);
    setShown(true);
  };
  return (
    <section aria-labelledby="client-photos">
      <h3 id="client-photos" className="mb-2 text-base font-semibold text-ink">
        Before and After Photos
      </h3>
      {photos === null ? null : photos.length === 0 ? (
        <p className="text-sm text-gray-600">No photos yet.</p>
      ) : !shown ? (
        <div className="flex flex-wrap items-center gap-2">
          <p className="text-sm text-gray-700">
            {photos.length} photo{photos.length === 1 ? "" : "s"}.
          </p>
          <button type="button" className={adminButton.outline} onClick={start}>
            Compare photos side by side
          </button>
        </div>
      ) : (
        <div className="grid grid-cols-2 gap-2 sm:gap-3">
          {[
            { id: leftId, value: left, set: setLeft, name: "Left photo" },
            { id: rightId, value: right, set: setRight, name: "Right photo" },
          ].map((side) => {
            const photo = photos.find((p) => p.id === side.value);
            return (
              <figure key={side.name} className="flex min-w-0 flex-col gap-2">
                <label htmlFor={side.id} className="text-sm font-medium text-gray-800">
                  {side.name}
                </label>
                <select
                  id={side.id}
                  value={side.value ?? ""}
                  onChange={(e) => side.set(Number(e.target.value))}
                  className="w-full min-w-0 rounded-md border border-gray-400 bg-white px-2 py-2 text-sm text-ink"
                >
                  {photos.map((p) => (
                    <option key={p.id} value={p.id}>
                      {photoLabel(p)}
                    </option>
                  ))}
                </select>
                {photo && (
                  <>
                    <img
                      src={photo.url}
                      alt={`${side.name}: ${photoLabel(photo)}`}
                      className="w-full rounded-md bg-gray-100"
                    />
                    <figcaption className="text-xs text-gray-700">{photoLabel(photo)}</figcaption>
                  </>
                )}
              </figure>
            );
          })}
        </div>
      )}
    </section>
  );
}
