/**
 * The client's forms page (issue 31): opened from the WhatsApp or email link, or on the
 * clinic's tablet (kiosk), without an account. Shows each form of the link (intake, then the
 * treatment's consent) as the exact published version, checks the answers with the same rules
 * as the server (common/forms.ts), and signs them all at once with the typed full name and a
 * drawn signature (optional for keyboard users: the typed name signs). Built to be filled on a
 * 375 px phone in under two minutes: one column, big targets, yes/no as two radio buttons.
 * In kiosk mode a signature ends on the locked screen (/kiosk), showing nothing else.
 */
import { useEffect, useId, useState } from "react";
import { useNavigate } from "react-router";
import { fieldInputClass } from "#app/components/ui/form-field.tsx";
import { ApiError, apiRequest } from "#app/lib/api.ts";
import { BUSINESS } from "#common/business.ts";
import {
  answerErrors,
  FORM_MESSAGES,
  type FormAnswers,
  type FormField,
  type PublicForm,
  type PublicFormRequest,
} from "#common/forms.ts";
import { formatLagosDateTime } from "#common/lagos-time.ts";
import { FormView } from "./form-view.tsx";
import { SignaturePad } from "./signature-pad.tsx";

type Loaded =
  | { state: "loading" }
  | { state: "gone"; message: string }
  | { state: "ready"; request: PublicFormRequest };

export function ClientForms({ token, kiosk }: { token: string; kiosk: boolean }) {
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });

  useEffect(() => {
    apiRequest<PublicFormRequest>("GET", `/api/forms/${encodeURIComponent(token)}`)
      .then((request) => setLoaded({ state: "ready", request }))
      .catch((err) =>
        setLoaded({
          state: "gone",
          message:
            err instanceof ApiError && err.serverMessage
              ? err.serverMessage
              : "We could not open your forms. Please check your connection and try again.",
        }),
      );
  }, [token]);

  return (
    <main id="main" className="min-h-screen bg-brand-50 px-4 py-6">
      <div className="mx-auto w-full max-w-xl">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-800">
          {BUSINESS.shortName}
        </p>
        <h1 className="mt-1 text-2xl font-semibold text-brand-900">Your forms</h1>
        {loaded.state === "loading" && (
          <p className="mt-4 text-gray-800" role="status">
            Opening your forms...
          </p>
        )}
        {loaded.state === "gone" && (
          <p className="mt-4 rounded-md bg-white p-4 text-gray-900" role="alert">
            {loaded.message}
          </p>
        )}
        {loaded.state === "ready" &&
          (loaded.request.status === "signed" ? (
            <Done kiosk={kiosk} message={FORM_MESSAGES.alreadySigned} />
          ) : (
            <FormsToSign token={token} kiosk={kiosk} request={loaded.request} />
          ))}
      </div>
    </main>
  );
}

function Done({ kiosk, message }: { kiosk: boolean; message: string }) {
  const navigate = useNavigate();
  return (
    <div className="mt-4 grid gap-4 rounded-xl bg-white p-5 shadow" role="status">
      <p className="text-lg text-gray-900">{message}</p>
      {kiosk && (
        <button
          type="button"
          onClick={() => navigate("/kiosk", { replace: true })}
          className="rounded-full bg-brand-700 px-6 py-3 font-medium text-white"
        >
          Done: hand the tablet back
        </button>
      )}
    </div>
  );
}

/** The error key of a field: '{versionId}.{fieldId}', as the server sends them. */
const keyOf = (form: PublicForm, field: FormField) => `${form.id}.${field.id}`;

function FormsToSign({
  token,
  kiosk,
  request,
}: {
  token: string;
  kiosk: boolean;
  request: PublicFormRequest;
}) {
  const navigate = useNavigate();
  const [answers, setAnswers] = useState<Record<number, FormAnswers>>({});
  const [signerName, setSignerName] = useState("");
  const [signature, setSignature] = useState<string | null>(null);
  const [agree, setAgree] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const [signed, setSigned] = useState(false);
  const nameId = useId();
  const padLabelId = useId();

  const set = (form: PublicForm, field: FormField, value: string | boolean) =>
    setAnswers((a) => ({ ...a, [form.id]: { ...a[form.id], [field.id]: value } }));

  function check(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const form of request.forms) {
      for (const [field, message] of Object.entries(
        answerErrors(form.body, answers[form.id] ?? {}),
      )) {
        out[`${form.id}.${field}`] = message;
      }
    }
    if (signerName.trim().length < 2) out.signerName = FORM_MESSAGES.signerName;
    if (!agree) out.agree = FORM_MESSAGES.agree;
    return out;
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const found = check();
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.querySelector<HTMLElement>(`[data-error-key="${CSS.escape(first)}"]`)?.focus();
      return;
    }
    setSending(true);
    try {
      await apiRequest(
        "POST",
        `/api/forms/${encodeURIComponent(token)}/sign${kiosk ? "?kiosk=1" : ""}`,
        {
          forms: request.forms.map((f) => ({ versionId: f.id, answers: answers[f.id] ?? {} })),
          signerName: signerName.trim(),
          signature,
          agree: true,
        },
      );
      setSigned(true);
      if (kiosk) setTimeout(() => navigate("/kiosk", { replace: true }), 4000);
    } catch (err) {
      const fields = err instanceof ApiError ? (err.body?.error?.fields ?? {}) : {};
      const message =
        err instanceof ApiError && err.serverMessage
          ? err.serverMessage
          : "We could not send your forms. Please check your connection and try again.";
      setErrors({ ...fields, root: message });
    } finally {
      setSending(false);
    }
  }

  if (signed) {
    return (
      <Done kiosk={kiosk} message="Thank you. Your forms are signed and sent to the clinic." />
    );
  }

  return (
    <form onSubmit={submit} noValidate className="mt-3 grid gap-6">
      <p className="text-gray-800">
        {request.firstName ? `Hello ${request.firstName}. ` : ""}
        {request.serviceName && request.startsAt
          ? `Before your ${request.serviceName} on ${formatLagosDateTime(new Date(request.startsAt))}, please answer and sign.`
          : "Please answer and sign."}{" "}
        Only the clinical team can read your answers.
      </p>
      {request.forms.map((form) => (
        <FormView
          key={form.id}
          body={form.body}
          versionLabel={`Version ${form.version}`}
          className="rounded-xl bg-white p-4 shadow sm:p-5"
          answers={answers[form.id]}
          errorOf={(field) => errors[keyOf(form, field)]}
          errorKeyOf={(field) => keyOf(form, field)}
          onAnswer={(field, v) => set(form, field, v)}
        />
      ))}
      <section
        aria-labelledby="sign-heading"
        className="grid gap-4 rounded-xl bg-white p-4 shadow sm:p-5"
      >
        <h2 id="sign-heading" className="text-xl font-semibold text-brand-900">
          Sign
        </h2>
        <div className="grid gap-1.5">
          <label htmlFor={nameId} className="font-medium text-gray-900">
            Your full name
          </label>
          <input
            id={nameId}
            data-error-key="signerName"
            autoComplete="name"
            value={signerName}
            onChange={(e) => setSignerName(e.target.value)}
            aria-invalid={errors.signerName ? true : undefined}
            aria-describedby={errors.signerName ? `${nameId}-error` : undefined}
            className={fieldInputClass}
          />
          {errors.signerName && (
            <p id={`${nameId}-error`} className="text-sm text-red-700">
              {errors.signerName}
            </p>
          )}
        </div>
        <div className="grid gap-1.5">
          <p id={padLabelId} className="font-medium text-gray-900">
            Draw your signature with your finger
          </p>
          <p className="text-sm text-gray-700">
            If you cannot draw, your typed full name is your signature.
          </p>
          <SignaturePad labelId={padLabelId} onChange={setSignature} />
        </div>
        <label className="flex items-start gap-3 text-gray-900">
          <input
            type="checkbox"
            data-error-key="agree"
            checked={agree}
            onChange={(e) => setAgree(e.target.checked)}
            aria-invalid={errors.agree ? true : undefined}
            className="mt-1 size-5 shrink-0"
          />
          <span>
            I have read these forms, my answers are true, and I sign them.
            {errors.agree && <span className="block text-sm text-red-700">{errors.agree}</span>}
          </span>
        </label>
        {errors.root && (
          <p className="text-sm text-red-700" role="alert">
            {errors.root}
          </p>
        )}
        <button
          type="submit"
          disabled={sending}
          className="rounded-full bg-brand-700 px-6 py-3 text-base font-medium text-white hover:bg-brand-800 disabled:opacity-50"
        >
          {sending ? "Sending..." : "Sign and send"}
        </button>
      </section>
    </form>
  );
}
