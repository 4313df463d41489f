/**
 * A client's health record on staff screens (issue 30): the customer dialog and the calendar's
 * appointment details (at check-in). Read from GET /api/customers/{id}/health when shown, never
 * from page data: the front desk gets the alert labels, clinical roles the entries with who
 * recorded them and when (that read is audited) and, with health.edit, the form to record one.
 */
import { useCallback, useEffect, useState } from "react";
import {
  DialogContent,
  DialogDescription,
  DialogRoot,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import { Badge } from "#app/features/admin/kit/badge.tsx";
import { adminButton } from "#app/features/admin/kit/buttons.ts";
import { SelectField, TextField } from "#app/features/admin/kit/fields.tsx";
import { ApiError, apiRequest } from "#app/lib/api.ts";
import {
  ALLERGEN_CODES,
  ALLERGENS,
  FITZPATRICK_TYPES,
  HEALTH_FLAG_CODES,
  HEALTH_FLAGS,
  HEALTH_NOTE_MAX,
  type HealthEntryKind,
  type HealthRecordView,
  kindNeedsCode,
  PREGNANCY_STATES,
} from "#common/health.ts";
import { formatLagosDateTime } from "#common/lagos-time.ts";

type Record_ = HealthRecordView;

const KIND_LABELS: Record<HealthEntryKind, string> = {
  allergy: "Allergy",
  condition: "Condition",
  medication: "Medication",
  pregnancy: "Pregnancy / breastfeeding",
  skin: "Skin type (Fitzpatrick)",
  flag: "Contraindication",
};

/** The codes the form offers for a kind, with their labels. */
function codeOptions(kind: HealthEntryKind): [string, string][] {
  if (kind === "allergy") return ALLERGEN_CODES.map((c) => [c, ALLERGENS[c].label]);
  if (kind === "flag") return HEALTH_FLAG_CODES.map((c) => [c, HEALTH_FLAGS[c].label]);
  if (kind === "pregnancy") return Object.entries(PREGNANCY_STATES);
  if (kind === "skin") return FITZPATRICK_TYPES.map((t) => [t, `Type ${t}`]);
  return [];
}

function messageOf(error: unknown): string {
  return (
    (error instanceof ApiError && error.serverMessage) || "Something went wrong. Please try again."
  );
}

/** The alerts, the entries and the form of client `clientId`'s health record. */
export function HealthRecordPanel({ clientId }: { clientId: number }) {
  const [record, setRecord] = useState<Record_ | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const load = useCallback(async () => {
    try {
      setRecord(await apiRequest<Record_>("GET", `/api/customers/${clientId}/health`));
      setLoadError(null);
    } catch (error) {
      setLoadError(messageOf(error));
    }
  }, [clientId]);
  useEffect(() => {
    void load();
  }, [load]);

  if (loadError) return <p className="text-sm text-red-800">{loadError}</p>;
  if (!record) return <p className="text-sm text-gray-600">Loading health record…</p>;
  return (
    <div className="space-y-3" data-testid="health-record">
      <p className="flex flex-wrap items-center gap-2">
        <span className="sr-only">Health alerts: </span>
        {record.alerts.length === 0 ? (
          <span className="text-sm text-gray-600">No health alerts recorded.</span>
        ) : (
          record.alerts.map((a) => (
            <Badge key={a} tone="red">
              {a}
            </Badge>
          ))
        )}
      </p>
      {record.entries === null ? (
        <p className="text-xs text-gray-600">
          Details are shown to the client's therapist and managers only.
        </p>
      ) : (
        <Entries record={record} clientId={clientId} onChange={load} />
      )}
      {record.canEdit && <AddEntryForm clientId={clientId} onAdded={load} />}
    </div>
  );
}

function Entries({
  record,
  clientId,
  onChange,
}: {
  record: Record_;
  clientId: number;
  onChange: () => Promise<void>;
}) {
  const [error, setError] = useState<string | null>(null);
  const entries = record.entries ?? [];
  const former = record.formerText;
  return (
    <div>
      {entries.length === 0 && !former?.allergies && !former?.medicalConditions ? (
        <p className="text-sm text-gray-600">Nothing recorded yet.</p>
      ) : (
        <ul className="divide-y divide-gray-100 text-sm">
          {entries.map((e) => (
            <li key={e.id} className="flex flex-wrap items-start justify-between gap-2 py-2">
              <div>
                <p className="text-ink">
                  <span className="font-medium">{KIND_LABELS[e.kind]}:</span> {e.text}
                </p>
                <p className="text-xs text-gray-600">
                  Recorded by {e.recordedBy}, {formatLagosDateTime(e.recordedAt)}
                </p>
              </div>
              {record.canEdit && (
                <button
                  type="button"
                  className={adminButton.danger}
                  aria-label={`Remove ${KIND_LABELS[e.kind]}: ${e.text}`}
                  onClick={async () => {
                    try {
                      await apiRequest("DELETE", `/api/customers/${clientId}/health/${e.id}`);
                      await onChange();
                    } catch (err) {
                      setError(messageOf(err));
                    }
                  }}
                >
                  Remove
                </button>
              )}
            </li>
          ))}
          {former?.allergies && (
            <li className="py-2 text-ink">
              <span className="font-medium">Allergies (from Add Customer):</span> {former.allergies}
            </li>
          )}
          {former?.medicalConditions && (
            <li className="py-2 text-ink">
              <span className="font-medium">Medical conditions (from Add Customer):</span>{" "}
              {former.medicalConditions}
            </li>
          )}
        </ul>
      )}
      {error && <p className="text-sm text-red-800">{error}</p>}
    </div>
  );
}

function AddEntryForm({ clientId, onAdded }: { clientId: number; onAdded: () => Promise<void> }) {
  const [kind, setKind] = useState<HealthEntryKind>("allergy");
  const [code, setCode] = useState("");
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const options = codeOptions(kind);
  return (
    <form
      className="grid gap-3 rounded-md border border-gray-200 p-3 sm:grid-cols-2"
      aria-label="Record a health entry"
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        try {
          await apiRequest("POST", `/api/customers/${clientId}/health`, {
            kind,
            code: code || null,
            note: kindNeedsCode(kind) ? "" : note,
          });
          setCode("");
          setNote("");
          setErrors({});
          await onAdded();
        } catch (error) {
          const fields = error instanceof ApiError ? (error.body?.error?.fields ?? {}) : {};
          setErrors(Object.keys(fields).length ? fields : { note: messageOf(error) });
        } finally {
          setBusy(false);
        }
      }}
    >
      <SelectField
        label="Record"
        value={kind}
        error={errors.kind}
        onChange={(event) => {
          setKind(event.target.value as HealthEntryKind);
          setCode("");
          setErrors({});
        }}
      >
        {Object.entries(KIND_LABELS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      {options.length > 0 && (
        <SelectField
          label={kind === "allergy" ? "Common ingredient" : "Choose"}
          value={code}
          error={errors.code}
          onChange={(event) => setCode(event.target.value)}
        >
          <option value="">{kind === "allergy" ? "Other (describe)" : "Choose…"}</option>
          {options.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
      )}
      {!kindNeedsCode(kind) && (
        <TextField
          label={kind === "allergy" ? "Details (optional with an ingredient)" : "Details"}
          value={note}
          maxLength={HEALTH_NOTE_MAX}
          error={errors.note}
          onChange={(event) => setNote(event.target.value)}
        />
      )}
      <div className="flex items-end">
        <button type="submit" className={adminButton.primary} disabled={busy}>
          Add to health record
        </button>
      </div>
    </form>
  );
}

/** The record in a dialog: the calendar's "Health record" at check-in. */
export function HealthRecordDialog({
  clientId,
  clientName,
  open,
  onOpenChange,
}: {
  clientId: number;
  clientName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <DialogRoot open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogTitle className="text-lg font-semibold text-ink">Health record</DialogTitle>
        <DialogDescription className="mb-4 text-sm text-gray-700">
          {clientName} · confidential
        </DialogDescription>
        {open && <HealthRecordPanel clientId={clientId} />}
      </DialogContent>
    </DialogRoot>
  );
}
