/**
 * Account security (issue 14, optional two-step sign-in): the signed-in staff member turns on a
 * second sign-in step with an authenticator app. Set-up shows the secret once (QR code, the
 * otpauth:// link and the key as text), asks for a current code to confirm, then shows the 10
 * single-use recovery codes once. Turning it off asks for the password or a current code. Both
 * forms check their body with the API's own schema (`totpConfirmSchema`, `totpDisableSchema`)
 * before sending it, and show that schema's or the server's message on the field.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { ShieldCheck, ShieldOff } from "lucide-react";
import { useState } from "react";
import { type FieldErrors, type Resolver, useForm } from "react-hook-form";
import { useRevalidator } from "react-router";
import type { z } from "zod";
import { useToast } from "#app/components/ui/toast.tsx";
import { adminButton } from "#app/features/admin/kit/buttons.ts";
import { TextField } from "#app/features/admin/kit/fields.tsx";
import { PageHeader } from "#app/features/admin/kit/page-header.tsx";
import { ApiError, apiRequest } from "#app/lib/api.ts";
import {
  type AccountSecurity,
  type TotpSetup,
  totpConfirmSchema,
  totpDisableSchema,
} from "#common/account-security.ts";
import type { AdminIdentity } from "#common/auth.ts";
import { formatLagosDateTime } from "#common/lagos-time.ts";
import { ACCESS_ROLE_LABELS } from "#common/roles.ts";

const GENERIC = "Something went wrong. Please try again.";
const messageOf = (error: unknown) =>
  (error instanceof ApiError ? error.serverMessage : undefined) ?? GENERIC;

/** The base32 key in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, "$1 ").trim();

type CodeValues = { code: string };

/** The code as typed ('123 456' from the app's display) sent without its spaces. */
const codeBody = (values: CodeValues) => ({ code: values.code.replace(/\s/g, "") });

/** The confirm form's body checked by the server's `totpConfirmSchema`. */
const confirmResolver: Resolver<CodeValues> = async (values) => {
  const issue = totpConfirmSchema.safeParse(codeBody(values)).error?.issues[0];
  if (!issue) return { values, errors: {} };
  const errors: FieldErrors<CodeValues> = { code: { type: "validation", message: issue.message } };
  return { values: {}, errors };
};

type DisableValues = z.input<typeof totpDisableSchema>;

export function AccountSecurityScreen({
  admin,
  security,
}: {
  admin: AdminIdentity;
  security: AccountSecurity;
}) {
  // The recovery codes stay on screen after confirmation even though the loader now says 'on'.
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  return (
    <div className="max-w-2xl">
      <PageHeader title="Account security" />
      <p className="mb-6 text-sm text-gray-700">
        Signed in as <strong>{admin.name ?? admin.username}</strong> ({admin.username},{" "}
        {ACCESS_ROLE_LABELS[admin.role]}).
      </p>
      <section
        aria-labelledby="two-step-heading"
        className="rounded-lg border border-gray-200 bg-white p-6"
      >
        <h2 id="two-step-heading" className="text-lg font-semibold text-ink">
          Two-step sign-in
        </h2>
        {recoveryCodes ? (
          <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
        ) : security.totpEnabled ? (
          <EnabledPanel security={security} />
        ) : (
          <SetupPanel onConfirmed={setRecoveryCodes} />
        )}
      </section>
    </div>
  );
}

function SetupPanel({ onConfirmed }: { onConfirmed: (codes: string[]) => void }) {
  const toast = useToast();
  const revalidator = useRevalidator();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [pending, setPending] = useState(false);
  const form = useForm<CodeValues>({ resolver: confirmResolver, defaultValues: { code: "" } });

  async function start() {
    setPending(true);
    try {
      setSetup(await apiRequest<TotpSetup>("POST", "/api/auth/totp/setup"));
      form.clearErrors();
    } catch (err) {
      toast({ title: "Error", description: messageOf(err), variant: "destructive" });
    } finally {
      setPending(false);
    }
  }

  async function confirm(values: CodeValues) {
    setPending(true);
    try {
      const answer = await apiRequest<{ recoveryCodes: string[] }>(
        "POST",
        "/api/auth/totp/confirm",
        codeBody(values),
      );
      toast({
        title: "Two-step sign-in is on",
        description: "From now on, signing in asks for a code from your authenticator app.",
      });
      onConfirmed(answer.recoveryCodes);
      void revalidator.revalidate();
    } catch (err) {
      form.setError("code", { message: messageOf(err) });
    } finally {
      setPending(false);
    }
  }

  if (!setup) {
    return (
      <div className="mt-2 grid gap-4">
        <p className="flex items-center gap-2 text-sm text-gray-700">
          <ShieldOff className="h-4 w-4 text-gray-500" aria-hidden />
          Off: signing in needs only your password.
        </p>
        <p className="text-sm text-gray-700">
          Add a second step: after your password, sign-in asks for a 6-digit code from an
          authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password
          and others).
        </p>
        <div>
          <button type="button" className={adminButton.primary} disabled={pending} onClick={start}>
            {pending ? "Starting…" : "Set up authenticator app"}
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className="mt-2 grid gap-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-gray-700">
        <li>Open your authenticator app and add an account.</li>
        <li>Scan the QR code, or type in the key below.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <img
        src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qrSvg)}`}
        alt="QR code for your authenticator app"
        width={200}
        height={200}
        className="rounded border border-gray-200"
      />
      <div className="grid gap-1 text-sm">
        <span className="font-medium text-gray-800">Key (if you cannot scan)</span>
        <code data-testid="totp-secret" className="break-all rounded bg-gray-100 px-2 py-1">
          {grouped(setup.secret)}
        </code>
        <a href={setup.uri} className="break-all text-brand-800 underline" data-testid="totp-uri">
          {setup.uri}
        </a>
      </div>
      <form onSubmit={form.handleSubmit(confirm)} className="grid max-w-xs gap-3" noValidate>
        <TextField
          label="Authentication code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]*"
          maxLength={7}
          required
          error={form.formState.errors.code?.message}
          {...form.register("code")}
        />
        <div>
          <button type="submit" className={adminButton.primary} disabled={pending}>
            {pending ? "Checking…" : "Turn on"}
          </button>
        </div>
      </form>
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="mt-2 grid gap-4">
      <p className="flex items-center gap-2 text-sm font-medium text-green-800">
        <ShieldCheck className="h-4 w-4" aria-hidden />
        Two-step sign-in is on.
      </p>
      <h3 className="font-semibold text-ink">Your recovery codes</h3>
      <p className="text-sm text-gray-700">
        If you lose your phone, sign in with one of these instead of a code. Each works once. Save
        or print them now and keep them somewhere safe: they will not be shown again.
      </p>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded bg-gray-100 p-4 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex gap-2">
        <button
          type="button"
          className={adminButton.outline}
          onClick={() => void navigator.clipboard?.writeText(codes.join("\n"))}
        >
          Copy codes
        </button>
        <button type="button" className={adminButton.primary} onClick={onDone}>
          I have saved them
        </button>
      </div>
    </div>
  );
}

function EnabledPanel({ security }: { security: AccountSecurity }) {
  const toast = useToast();
  const revalidator = useRevalidator();
  const [pending, setPending] = useState(false);
  const form = useForm<DisableValues, unknown, z.output<typeof totpDisableSchema>>({
    resolver: zodResolver(totpDisableSchema),
    defaultValues: { password: "" },
  });

  async function turnOff(body: z.output<typeof totpDisableSchema>) {
    setPending(true);
    try {
      await apiRequest("POST", "/api/auth/totp/disable", body);
      toast({
        title: "Two-step sign-in is off",
        description: "Signing in now needs only your password.",
      });
      await revalidator.revalidate();
    } catch (err) {
      form.setError("password", { message: messageOf(err) });
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="mt-2 grid gap-4">
      <p className="flex items-center gap-2 text-sm font-medium text-green-800">
        <ShieldCheck className="h-4 w-4" aria-hidden />
        On since {security.enabledAt ? formatLagosDateTime(security.enabledAt) : "set-up"}: signing
        in asks for a code from your authenticator app.
      </p>
      <p className="text-sm text-gray-700">
        Recovery codes left: <strong>{security.recoveryCodesLeft}</strong> of 10.
        {security.recoveryCodesLeft <= 3 &&
          " Turn two-step sign-in off and on again for a new set."}
      </p>
      <form onSubmit={form.handleSubmit(turnOff)} className="grid max-w-xs gap-3" noValidate>
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          hint="Needed to turn two-step sign-in off."
          required
          error={form.formState.errors.password?.message}
          {...form.register("password")}
        />
        <div>
          <button type="submit" className={adminButton.danger} disabled={pending}>
            {pending ? "Turning off…" : "Turn off two-step sign-in"}
          </button>
        </div>
      </form>
    </div>
  );
}
