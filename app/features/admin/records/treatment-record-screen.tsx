/**
 * The treatment record of one appointment (issue 31), for clinical roles: what was done,
 * products with lot and expiry, device settings, the areas on a face/body map (toggle buttons
 * with their names), notes and follow-up; Save draft, Sign off; once signed, read-only with
 * amendments (reason required) under the original. Before/after photos are taken with the
 * phone's or tablet's camera (`capture`) only with photography consent, and the client's photos
 * can be compared side by side. Mark Complete sends the visit's aftercare (server side).
 * Everything is fetched by the screen (never page data), and each read is audited by the API.
 */
import { useCallback, useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { adminButton } from "#app/features/admin/kit/buttons.ts";
import { PageHeader } from "#app/features/admin/kit/page-header.tsx";
import { ApiError, apiRequest } from "#app/lib/api.ts";
import { formatLagosDateTime } from "#common/lagos-time.ts";
import {
  type AppointmentRecordView,
  BODY_ONLY_REGIONS,
  BODY_REGIONS,
  type BodyRegion,
  type DeviceSetting,
  FACE_REGIONS,
  PHOTO_MAX_BYTES,
  type PhotoKind,
  RECORD_MESSAGES,
  type RecordFields,
  type RecordProduct,
  type TreatmentPhoto,
} from "#common/records.ts";

const EMPTY: RecordFields = {
  summary: "",
  products: [],
  devices: [],
  areas: [],
  notes: null,
  followUp: null,
};
const input =
  "w-full rounded-md border border-gray-300 px-3 py-2 text-sm text-ink focus:border-brand-700 focus:outline-none focus:ring-1 focus:ring-brand-700";

function messageOf(err: unknown): string {
  return err instanceof ApiError ? (err.serverMessage ?? err.message) : "Something went wrong";
}

function Field({ label, children }: { label: string; children: (id: string) => React.ReactNode }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-gray-800">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/** The face and body map: one toggle button per region, named by its label. */
function BodyMap({
  value,
  onChange,
  disabled,
}: {
  value: BodyRegion[];
  onChange: (next: BodyRegion[]) => void;
  disabled?: boolean;
}) {
  const toggle = (r: BodyRegion) =>
    onChange(value.includes(r) ? value.filter((v) => v !== r) : [...value, r]);
  const group = (title: string, regions: readonly BodyRegion[]) => (
    <fieldset className="rounded-md border border-gray-200 p-3">
      <legend className="px-1 text-sm font-medium text-gray-800">{title}</legend>
      <div className="flex flex-wrap gap-2">
        {regions.map((r) => (
          <button
            key={r}
            type="button"
            disabled={disabled}
            aria-pressed={value.includes(r)}
            onClick={() => toggle(r)}
            className={`rounded-full border px-3 py-1 text-sm ${
              value.includes(r)
                ? "border-brand-700 bg-brand-700 text-white"
                : "border-gray-300 bg-white text-gray-800 hover:bg-gray-100"
            }`}
          >
            {BODY_REGIONS[r]}
          </button>
        ))}
      </div>
    </fieldset>
  );
  return (
    <div className="grid gap-3 md:grid-cols-2">
      {group("Face", FACE_REGIONS)}
      {group("Body", BODY_ONLY_REGIONS)}
    </div>
  );
}

function ProductRows({
  rows,
  onChange,
}: {
  rows: RecordProduct[];
  onChange: (rows: RecordProduct[]) => void;
}) {
  const set = (i: number, patch: Partial<RecordProduct>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-sm font-medium text-gray-800">Products and units</legend>
      {rows.map((r, i) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved
          key={i}
          className="grid grid-cols-2 gap-2 rounded-md border border-gray-200 p-3 md:grid-cols-6"
        >
          <Field label="Product">
            {(id) => (
              <input
                id={id}
                className={input}
                value={r.name}
                onChange={(e) => set(i, { name: e.target.value })}
              />
            )}
          </Field>
          <Field label="Amount">
            {(id) => (
              <input
                id={id}
                className={input}
                inputMode="decimal"
                value={r.amount ?? ""}
                onChange={(e) =>
                  set(i, { amount: e.target.value === "" ? null : Number(e.target.value) })
                }
              />
            )}
          </Field>
          <Field label="Unit">
            {(id) => (
              <input
                id={id}
                className={input}
                value={r.unit ?? ""}
                onChange={(e) => set(i, { unit: e.target.value })}
              />
            )}
          </Field>
          <Field label="Lot / batch">
            {(id) => (
              <input
                id={id}
                className={input}
                value={r.lot ?? ""}
                onChange={(e) => set(i, { lot: e.target.value })}
              />
            )}
          </Field>
          <Field label="Expiry">
            {(id) => (
              <input
                id={id}
                type="date"
                className={input}
                value={r.expiry ?? ""}
                onChange={(e) => set(i, { expiry: e.target.value })}
              />
            )}
          </Field>
          <div className="flex items-end">
            <button
              type="button"
              className={adminButton.danger}
              onClick={() => onChange(rows.filter((_, j) => j !== i))}
            >
              Remove product
            </button>
          </div>
        </div>
      ))}
      <div>
        <button
          type="button"
          className={adminButton.outline}
          onClick={() =>
            onChange([...rows, { name: "", amount: null, unit: null, lot: null, expiry: null }])
          }
        >
          Add product
        </button>
      </div>
    </fieldset>
  );
}

function DeviceRows({
  rows,
  onChange,
}: {
  rows: DeviceSetting[];
  onChange: (rows: DeviceSetting[]) => void;
}) {
  const set = (i: number, patch: Partial<DeviceSetting>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const num = (v: string) => (v === "" ? null : Number(v));
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-sm font-medium text-gray-800">Laser / device settings</legend>
      {rows.map((r, i) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved
          key={i}
          className="grid grid-cols-2 gap-2 rounded-md border border-gray-200 p-3 md:grid-cols-5"
        >
          <Field label="Device">
            {(id) => (
              <input
                id={id}
                className={input}
                value={r.device}
                onChange={(e) => set(i, { device: e.target.value })}
              />
            )}
          </Field>
          <Field label="Fluence (J/cm²)">
            {(id) => (
              <input
                id={id}
                className={input}
                inputMode="decimal"
                value={r.fluence ?? ""}
                onChange={(e) => set(i, { fluence: num(e.target.value) })}
              />
            )}
          </Field>
          <Field label="Spot size (mm)">
            {(id) => (
              <input
                id={id}
                className={input}
                inputMode="decimal"
                value={r.spotSize ?? ""}
                onChange={(e) => set(i, { spotSize: num(e.target.value) })}
              />
            )}
          </Field>
          <Field label="Pulses">
            {(id) => (
              <input
                id={id}
                className={input}
                inputMode="numeric"
                value={r.pulses ?? ""}
                onChange={(e) => set(i, { pulses: num(e.target.value) })}
              />
            )}
          </Field>
          <div className="flex items-end">
            <button
              type="button"
              className={adminButton.danger}
              onClick={() => onChange(rows.filter((_, j) => j !== i))}
            >
              Remove setting
            </button>
          </div>
        </div>
      ))}
      <div>
        <button
          type="button"
          className={adminButton.outline}
          onClick={() =>
            onChange([...rows, { device: "", fluence: null, spotSize: null, pulses: null }])
          }
        >
          Add device setting
        </button>
      </div>
    </fieldset>
  );
}

/** The record read-only: the current text, with the original and each amendment below. */
function SignedRecord({ view }: { view: NonNullable<AppointmentRecordView["record"]> }) {
  const f = view.current;
  return (
    <section
      aria-labelledby="signed-heading"
      className="rounded-lg border border-gray-200 bg-white p-4"
    >
      <h2 id="signed-heading" className="text-lg font-semibold text-ink">
        Signed record
      </h2>
      {/* An email address does not break by itself: wrap it inside the card at 375 px. */}
      <p className="break-words text-sm text-gray-600">
        Signed off by {view.signedBy} on {view.signedAt ? formatLagosDateTime(view.signedAt) : ""}
      </p>
      <dl className="mt-3 grid gap-2 text-sm">
        <dt className="font-medium text-gray-700">What was done</dt>
        <dd className="whitespace-pre-wrap">{f.summary}</dd>
        <dt className="font-medium text-gray-700">Products</dt>
        <dd>
          {f.products.length === 0
            ? "None"
            : f.products
                .map((p) =>
                  [
                    p.name,
                    p.amount !== null ? `${p.amount} ${p.unit ?? ""}`.trim() : null,
                    p.lot ? `lot ${p.lot}` : null,
                    p.expiry ? `exp. ${p.expiry}` : null,
                  ]
                    .filter(Boolean)
                    .join(", "),
                )
                .join("; ")}
        </dd>
        <dt className="font-medium text-gray-700">Device settings</dt>
        <dd>
          {f.devices.length === 0
            ? "None"
            : f.devices
                .map(
                  (d) =>
                    `${d.device}: ${d.fluence ?? "–"} J/cm², ${d.spotSize ?? "–"} mm, ${d.pulses ?? "–"} pulses`,
                )
                .join("; ")}
        </dd>
        <dt className="font-medium text-gray-700">Areas</dt>
        <dd>{f.areas.map((a) => BODY_REGIONS[a]).join(", ") || "None"}</dd>
        <dt className="font-medium text-gray-700">Notes</dt>
        <dd className="whitespace-pre-wrap">{f.notes ?? "None"}</dd>
        <dt className="font-medium text-gray-700">Follow-up</dt>
        <dd>{f.followUp ?? "None"}</dd>
      </dl>
      {view.amendments.length > 0 && (
        <div className="mt-4">
          <h3 className="font-medium text-ink">Amendments</h3>
          <ol className="mt-2 flex flex-col gap-2 text-sm">
            {view.amendments.map((a) => (
              <li key={a.id} className="rounded-md bg-amber-50 p-2">
                <span className="font-medium">{formatLagosDateTime(a.amendedAt)}</span>,{" "}
                {a.amendedBy}: {a.reason} (changed {Object.keys(a.changes).join(", ")})
              </li>
            ))}
          </ol>
          <details className="mt-2 text-sm">
            <summary className="cursor-pointer text-brand-800">Original as signed</summary>
            <p className="mt-1 whitespace-pre-wrap">{view.original.summary}</p>
            <p className="mt-1 whitespace-pre-wrap">{view.original.notes}</p>
          </details>
        </div>
      )}
    </section>
  );
}

function AmendForm({
  recordId,
  current,
  onDone,
}: {
  recordId: number;
  current: RecordFields;
  onDone: () => void;
}) {
  const [reason, setReason] = useState("");
  const [notes, setNotes] = useState(current.notes ?? "");
  const [followUp, setFollowUp] = useState(current.followUp ?? "");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const changes: Partial<RecordFields> = {};
    if (notes !== (current.notes ?? "")) changes.notes = notes;
    if (followUp !== (current.followUp ?? "")) changes.followUp = followUp;
    setBusy(true);
    setError(null);
    try {
      await apiRequest("POST", `/api/treatment-records/${recordId}/amendments`, {
        reason,
        changes,
      });
      setReason("");
      onDone();
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section
      aria-labelledby="amend-heading"
      className="rounded-lg border border-gray-200 bg-white p-4"
    >
      <h2 id="amend-heading" className="text-lg font-semibold text-ink">
        Add an amendment
      </h2>
      <div className="mt-3 grid gap-3">
        <Field label="Notes">
          {(id) => (
            <textarea
              id={id}
              className={input}
              rows={3}
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
            />
          )}
        </Field>
        <Field label="Follow-up">
          {(id) => (
            <input
              id={id}
              className={input}
              value={followUp}
              onChange={(e) => setFollowUp(e.target.value)}
            />
          )}
        </Field>
        <Field label="Reason for the amendment">
          {(id) => (
            <input
              id={id}
              className={input}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          )}
        </Field>
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <div>
          <button
            type="button"
            className={adminButton.primary}
            disabled={busy}
            onClick={() => void submit()}
          >
            Save amendment
          </button>
        </div>
      </div>
    </section>
  );
}

function Photos({ view, onAdded }: { view: AppointmentRecordView; onAdded: () => void }) {
  const [kind, setKind] = useState<PhotoKind>("before");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const kindId = useId();
  const fileId = useId();
  const upload = async (file: File) => {
    // Refused before sending: no point spending the clinic's data on an upload the server refuses.
    if (file.size > PHOTO_MAX_BYTES) {
      setError(RECORD_MESSAGES.photoTooLarge);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const res = await fetch(`/api/appointments/${view.appointment.id}/photos?kind=${kind}`, {
        method: "POST",
        credentials: "include",
        headers: { "Content-Type": file.type || "application/octet-stream" },
        body: file,
      });
      if (!res.ok) throw new ApiError(res.status, await res.text(), res.statusText);
      onAdded();
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section
      aria-labelledby="photos-heading"
      className="rounded-lg border border-gray-200 bg-white p-4"
    >
      <h2 id="photos-heading" className="text-lg font-semibold text-ink">
        Photos
      </h2>
      {!view.photographyConsent && (
        <p className="mt-2 text-sm text-amber-800">{RECORD_MESSAGES.photoConsent}</p>
      )}
      {view.canWrite && view.photographyConsent && (
        <div className="mt-3 flex flex-wrap items-end gap-3">
          <div className="flex flex-col gap-1">
            <label htmlFor={kindId} className="text-sm font-medium text-gray-800">
              Before or after
            </label>
            <select
              id={kindId}
              className={input}
              value={kind}
              onChange={(e) => setKind(e.target.value as PhotoKind)}
            >
              <option value="before">Before</option>
              <option value="after">After</option>
            </select>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={fileId} className="text-sm font-medium text-gray-800">
              Take or upload a photo
            </label>
            <input
              id={fileId}
              type="file"
              accept="image/*"
              capture="environment"
              disabled={busy}
              className="max-w-full text-sm"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) void upload(file);
                e.target.value = "";
              }}
            />
          </div>
        </div>
      )}
      {busy && <p className="mt-2 text-sm text-gray-600">Uploading…</p>}
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
      {view.photos.length === 0 ? (
        <p className="mt-3 text-sm text-gray-600">No photos for this visit.</p>
      ) : (
        <ul className="mt-3 grid grid-cols-2 gap-3 md:grid-cols-4">
          {view.photos.map((p) => (
            <li key={p.id}>
              <img
                src={p.url}
                alt={`${p.kind === "before" ? "Before" : "After"}, ${formatLagosDateTime(p.takenAt)}`}
                className="w-full rounded-md"
              />
              <p className="text-xs text-gray-600">
                {p.kind === "before" ? "Before" : "After"}, {formatLagosDateTime(p.takenAt)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Two of the client's photos side by side, each picked from a list (all visits). */
function Compare({ clientId }: { clientId: number }) {
  const [photos, setPhotos] = useState<TreatmentPhoto[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [left, setLeft] = useState<number | null>(null);
  const [right, setRight] = useState<number | null>(null);
  const leftId = useId();
  const rightId = useId();
  const load = useCallback(() => {
    setError(null);
    apiRequest<{ photos: TreatmentPhoto[] }>("GET", `/api/customers/${clientId}/treatment-records`)
      .then((r) => {
        setPhotos(r.photos);
        setLeft(r.photos.find((p) => p.kind === "before")?.id ?? r.photos[0]?.id ?? null);
        setRight(r.photos.findLast((p) => p.kind === "after")?.id ?? r.photos.at(-1)?.id ?? null);
      })
      .catch((err) => setError(messageOf(err)));
  }, [clientId]);
  const label = (p: TreatmentPhoto) =>
    `${p.kind === "before" ? "Before" : "After"}, ${formatLagosDateTime(p.takenAt)}`;
  const pick = (id: number | null) => photos?.find((p) => p.id === id);
  return (
    <section
      aria-labelledby="compare-heading"
      className="rounded-lg border border-gray-200 bg-white p-4"
    >
      <h2 id="compare-heading" className="text-lg font-semibold text-ink">
        Compare the client's photos
      </h2>
      {photos === null ? (
        <button type="button" className={`${adminButton.outline} mt-2`} onClick={load}>
          Show photos side by side
        </button>
      ) : photos.length === 0 ? (
        <p className="mt-2 text-sm text-gray-600">This client has no photos yet.</p>
      ) : (
        <div className="mt-3 grid grid-cols-2 gap-3">
          {[
            { id: leftId, value: left, set: setLeft, name: "Left photo" },
            { id: rightId, value: right, set: setRight, name: "Right photo" },
          ].map((side) => (
            <div key={side.name} className="flex min-w-0 flex-col gap-2">
              <label htmlFor={side.id} className="text-sm font-medium text-gray-800">
                {side.name}
              </label>
              <select
                id={side.id}
                className={input}
                value={side.value ?? ""}
                onChange={(e) => side.set(Number(e.target.value))}
              >
                {photos.map((p) => (
                  <option key={p.id} value={p.id}>
                    {label(p)}
                  </option>
                ))}
              </select>
              {pick(side.value) && (
                <img
                  src={pick(side.value)?.url}
                  alt={`${side.name}: ${label(pick(side.value) as TreatmentPhoto)}`}
                  className="w-full rounded-md"
                />
              )}
            </div>
          ))}
        </div>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
    </section>
  );
}

/** The screen: loads the appointment's record and shows the form or the signed record. */
export function TreatmentRecordScreen({ appointmentId }: { appointmentId: number }) {
  const url = `/api/appointments/${appointmentId}/treatment-record`;
  const [view, setView] = useState<AppointmentRecordView | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [fields, setFields] = useState<RecordFields>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const load = useCallback(async () => {
    try {
      const v = await apiRequest<AppointmentRecordView>("GET", url);
      setView(v);
      if (v.record) setFields(v.record.current);
    } catch (err) {
      setLoadError(messageOf(err));
    }
  }, [url]);
  useEffect(() => {
    void load();
  }, [load]);

  if (loadError) {
    return (
      <div>
        <PageHeader title="Treatment record" />
        <p role="alert" className="text-red-700">
          {loadError}
        </p>
      </div>
    );
  }
  if (!view) {
    return (
      <div>
        <PageHeader title="Treatment record" />
        <p className="text-gray-600">Loading…</p>
      </div>
    );
  }
  const signed = view.record?.status === "signed";
  const editable = view.canWrite && !signed;
  const set = (patch: Partial<RecordFields>) => setFields((f) => ({ ...f, ...patch }));
  const run = async (what: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await what();
      setNotice(done);
      await load();
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  const save = () => apiRequest<{ id: number }>("PUT", url, fields);
  const a = view.appointment;
  const completable = view.canWrite && !["completed", "cancelled", "no-show"].includes(a.status);

  return (
    <div className="flex max-w-5xl flex-col gap-4">
      <PageHeader title="Treatment record">
        <Link to="/admin/calendar" className={adminButton.outline}>
          Back to calendar
        </Link>
      </PageHeader>
      <p className="text-sm text-gray-700">
        <span className="font-medium text-ink">{a.customerName}</span>, {a.serviceName},{" "}
        {formatLagosDateTime(a.startsAt)} · Visit {a.status} · Record{" "}
        {view.record ? (signed ? "signed off" : "draft") : "not started"}
      </p>
      <div aria-live="polite">
        {notice && <p className="rounded-md bg-green-50 p-2 text-sm text-green-800">{notice}</p>}
        {error && (
          <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-800">
            {error}
          </p>
        )}
      </div>
      {signed && view.record && <SignedRecord view={view.record} />}
      {signed && view.record && view.canWrite && (
        <AmendForm
          recordId={view.record.id}
          current={view.record.current}
          onDone={() => void load()}
        />
      )}
      {!signed && !view.canWrite && <p className="text-sm text-gray-600">No signed record yet.</p>}
      {editable && (
        <section
          aria-labelledby="record-heading"
          className="flex flex-col gap-4 rounded-lg border border-gray-200 bg-white p-4"
        >
          <h2 id="record-heading" className="text-lg font-semibold text-ink">
            Record
          </h2>
          <Field label="What was done">
            {(id) => (
              <textarea
                id={id}
                className={input}
                rows={3}
                value={fields.summary}
                onChange={(e) => set({ summary: e.target.value })}
              />
            )}
          </Field>
          <ProductRows rows={fields.products} onChange={(products) => set({ products })} />
          <DeviceRows rows={fields.devices} onChange={(devices) => set({ devices })} />
          <div>
            <p className="mb-2 text-sm font-medium text-gray-800">Areas treated</p>
            <BodyMap value={fields.areas} onChange={(areas) => set({ areas })} />
          </div>
          <Field label="Clinician's notes">
            {(id) => (
              <textarea
                id={id}
                className={input}
                rows={3}
                value={fields.notes ?? ""}
                onChange={(e) => set({ notes: e.target.value })}
              />
            )}
          </Field>
          <Field label="Follow-up">
            {(id) => (
              <input
                id={id}
                className={input}
                value={fields.followUp ?? ""}
                onChange={(e) => set({ followUp: e.target.value })}
              />
            )}
          </Field>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={adminButton.outline}
              disabled={busy}
              onClick={() => void run(save, "Draft saved")}
            >
              Save draft
            </button>
            <button
              type="button"
              className={adminButton.primary}
              disabled={busy}
              onClick={() =>
                void run(async () => {
                  const saved = await save();
                  await apiRequest("POST", `/api/treatment-records/${saved.id}/sign-off`);
                }, "Record signed off")
              }
            >
              Sign off
            </button>
          </div>
        </section>
      )}
      <Photos view={view} onAdded={() => void load()} />
      {a.clientId !== null && <Compare clientId={a.clientId} />}
      {completable && (
        <div>
          <button
            type="button"
            className={adminButton.primary}
            disabled={busy}
            onClick={() =>
              void run(
                () => apiRequest("PATCH", `/api/appointments/${a.id}`, { status: "completed" }),
                "Visit completed: the aftercare is on its way",
              )
            }
          >
            Mark Complete
          </button>
        </div>
      )}
    </div>
  );
}
