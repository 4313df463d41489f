/**
 * The forms of an appointment in its details dialog (issue 31), for the check-in: whether the
 * intake and the treatment's consent are signed (and a clinician's override), with Send forms
 * link (WhatsApp and email through the outbox) and Open on tablet (kiosk mode). Clinical roles
 * open a signed form as signed (exact version, answers, signature); that read is audited by the
 * API. Read from GET /api/appointments/{id}/forms when shown, never from page data.
 */
import { useCallback, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import {
  DialogContent,
  DialogDescription,
  DialogRoot,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import { Badge } from "#app/features/admin/kit/badge.tsx";
import { adminButton } from "#app/features/admin/kit/buttons.ts";
import { ApiError, apiRequest } from "#app/lib/api.ts";
import type { AppointmentForms, SignedFormDetail } from "#common/forms.ts";
import { formatLagosDateTime } from "#common/lagos-time.ts";

function messageOf(error: unknown): string {
  return (
    (error instanceof ApiError && error.serverMessage) || "Something went wrong. Please try again."
  );
}

export function AppointmentFormsPanel({
  appointmentId,
  clientId,
  canSend,
}: {
  appointmentId: string;
  clientId: number | null;
  /** The viewer may check this appointment in (and so send the forms). */
  canSend: boolean;
}) {
  const navigate = useNavigate();
  const [forms, setForms] = useState<AppointmentForms | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);

  const load = useCallback(() => {
    setError(null);
    apiRequest<AppointmentForms>("GET", `/api/appointments/${appointmentId}/forms`)
      .then(setForms)
      .catch((e) => setError(messageOf(e)));
  }, [appointmentId]);
  useEffect(load, [load]);

  async function send() {
    setBusy(true);
    setNote(null);
    try {
      const r = await apiRequest<{ sent: boolean }>(
        "POST",
        `/api/appointments/${appointmentId}/forms/send`,
      );
      setNote(r.sent ? "Forms link sent by WhatsApp and email." : "Nothing to sign.");
      load();
    } catch (e) {
      setNote(messageOf(e));
    } finally {
      setBusy(false);
    }
  }

  async function kiosk() {
    setBusy(true);
    setNote(null);
    try {
      const r = await apiRequest<{ url: string | null }>(
        "POST",
        `/api/appointments/${appointmentId}/forms/kiosk`,
      );
      if (r.url) navigate(r.url);
      else setNote("Nothing to sign.");
    } catch (e) {
      setNote(messageOf(e));
    } finally {
      setBusy(false);
    }
  }

  const unsigned = forms?.forms.some((f) => !f.signed) ?? false;
  return (
    <section
      aria-labelledby="appointment-forms-heading"
      className="mt-4 rounded-md border border-gray-200 p-3"
    >
      <h3 id="appointment-forms-heading" className="text-sm font-semibold text-ink">
        Forms
      </h3>
      {error && (
        <p className="mt-2 text-sm text-red-700" role="alert">
          {error}
        </p>
      )}
      {!forms && !error && (
        <p className="mt-2 text-sm text-gray-700" role="status">
          Loading forms...
        </p>
      )}
      {forms && forms.forms.length === 0 && (
        <p className="mt-2 text-sm text-gray-700">No forms for this appointment.</p>
      )}
      {forms && forms.forms.length > 0 && (
        <ul className="mt-2 grid gap-2" data-testid="appointment-forms">
          {forms.forms.map((f) => (
            <li
              key={`${f.kind}-${f.category}`}
              className="flex flex-wrap items-center gap-2 text-sm"
            >
              <span className="text-ink">{f.label}</span>
              {f.signed ? (
                <Badge tone="green">
                  Signed {f.signedAt ? formatLagosDateTime(new Date(f.signedAt)) : ""} (v{f.version}
                  )
                </Badge>
              ) : (
                <Badge tone="amber">Not signed</Badge>
              )}
              {f.photographyConsent === true && <Badge tone="gray">Photos allowed</Badge>}
              {f.signed && forms.canRead && f.signedFormId !== null && (
                <button
                  type="button"
                  className={adminButton.outline}
                  onClick={() => setViewing(f.signedFormId)}
                >
                  View
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {forms?.override && (
        <p className="mt-2 text-sm text-gray-800">
          Went ahead without consent ({forms.override.place}, {forms.override.by})
          {forms.override.reason === null ? "." : `: ${forms.override.reason}`}
        </p>
      )}
      {forms?.pendingRequest && (
        <p className="mt-2 text-xs text-gray-700">
          Link sent; valid until {formatLagosDateTime(new Date(forms.pendingRequest.expiresAt))}.
        </p>
      )}
      {canSend && unsigned && (
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="button" disabled={busy} className={adminButton.outline} onClick={send}>
            Send forms link
          </button>
          <button type="button" disabled={busy} className={adminButton.outline} onClick={kiosk}>
            Open on tablet
          </button>
        </div>
      )}
      {note && (
        <p className="mt-2 text-sm text-gray-800" role="status">
          {note}
        </p>
      )}
      {clientId !== null && (
        <SignedFormDialog
          clientId={clientId}
          formId={viewing}
          onOpenChange={(open) => !open && setViewing(null)}
        />
      )}
    </section>
  );
}

/** One signed form as signed, for clinical roles (the API audits the read). */
export function SignedFormDialog({
  clientId,
  formId,
  onOpenChange,
}: {
  clientId: number;
  formId: number | null;
  onOpenChange: (open: boolean) => void;
}) {
  const [form, setForm] = useState<SignedFormDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setForm(null);
    setError(null);
    if (formId === null) return;
    apiRequest<SignedFormDetail>("GET", `/api/customers/${clientId}/forms/${formId}`)
      .then(setForm)
      .catch((e) => setError(messageOf(e)));
  }, [clientId, formId]);

  return (
    <DialogRoot open={formId !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogTitle className="text-lg font-semibold text-ink">
          {form?.title ?? "Signed form"}
        </DialogTitle>
        <DialogDescription className="mb-3 text-sm text-gray-700">
          Confidential · exactly as signed
        </DialogDescription>
        {error && (
          <p className="text-sm text-red-700" role="alert">
            {error}
          </p>
        )}
        {!form && !error && (
          <p className="text-sm text-gray-700" role="status">
            Loading...
          </p>
        )}
        {form && (
          <div className="grid gap-3 text-sm">
            <p className="text-gray-800">
              Version {form.version}, signed by <strong>{form.signerName}</strong> on{" "}
              {formatLagosDateTime(new Date(form.signedAt))} (
              {form.channel === "kiosk" ? "clinic tablet" : "link"}).
            </p>
            {form.body.sections.map((s) => (
              <div key={s.title}>
                <h4 className="font-semibold text-ink">{s.title}</h4>
                <dl className="mt-1 grid gap-1">
                  {s.fields.map((f) => {
                    const a = form.answers[f.id];
                    return (
                      <div key={f.id}>
                        <dt className="text-gray-700">{f.label}</dt>
                        <dd className="text-ink">
                          {f.type === "info"
                            ? f.help
                            : a === true
                              ? "Yes"
                              : a === false
                                ? "No"
                                : a || "—"}
                        </dd>
                      </div>
                    );
                  })}
                </dl>
              </div>
            ))}
            {form.signature ? (
              <img
                src={form.signature}
                alt={`Signature of ${form.signerName}`}
                className="h-24 w-auto max-w-full rounded border border-gray-300 bg-white"
              />
            ) : (
              <p className="text-gray-700">Signed with the typed name only.</p>
            )}
            <p className="break-all text-xs text-gray-600">
              SHA-256 {form.textSha256}{" "}
              {form.hashMatches ? "(matches the version's text)" : "(DOES NOT MATCH)"} · IP{" "}
              {form.ip} · {form.userAgent}
            </p>
          </div>
        )}
      </DialogContent>
    </DialogRoot>
  );
}
