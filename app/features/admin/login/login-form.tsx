/**
 * The admin login gate (admin spec §2 "Login gate", §6): username, password, Sign In; the check
 * runs on the server (POST /api/auth/login) and sets the session cookie. For an account with
 * two-step sign-in (issue 14) the server answers a challenge instead, and the gate asks for the
 * authentication code (or a recovery code) before the session starts
 * (POST /api/auth/login/code). Each step is checked by the API's own schema (`loginSchema`,
 * `loginCodeSchema`) before it is sent, its messages shown on their fields.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { useToast } from "#app/components/ui/toast.tsx";
import { markSignedIn } from "#app/features/admin/kit/signed-in-flag.ts";
import { ApiError, apiRequest } from "#app/lib/api.ts";
import {
  ACCOUNT_SECURITY_MESSAGES,
  loginCodeSchema,
  type SecondFactorChallenge,
} from "#common/account-security.ts";
import { loginSchema } from "#common/auth.ts";

const inputClass = "rounded-md border border-gray-300 px-3 py-2 aria-[invalid=true]:border-red-700";
const submitClass =
  "rounded-md bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-70";
const formClass = "w-full max-w-sm rounded-xl bg-white p-8 shadow-lg";

export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const toast = useToast();
  const [challenge, setChallenge] = useState<string | null>(null);
  // The gate shows only without a session (sign-out, expiry): the spec's flag goes with it.
  useEffect(() => markSignedIn(false), []);

  const welcome = () => {
    markSignedIn(true);
    toast({ title: "Login Successful", description: "Welcome to the admin dashboard!" });
    onSignedIn();
  };

  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-brand-50 px-4">
      {challenge ? (
        <CodeStep
          key="code"
          challenge={challenge}
          onBack={() => setChallenge(null)}
          onSignedIn={welcome}
        />
      ) : (
        <PasswordStep key="password" onChallenge={setChallenge} onSignedIn={welcome} />
      )}
    </main>
  );
}

/** The field's message under it, named by the field's aria-describedby. */
function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="text-sm text-red-700">
      {message}
    </p>
  ) : null;
}

/** Step one: username and password → a session, or the challenge of the code step. */
function PasswordStep({
  onChallenge,
  onSignedIn,
}: {
  onChallenge: (challenge: string) => void;
  onSignedIn: () => void;
}) {
  const toast = useToast();
  const { register, handleSubmit, formState } = useForm<
    z.input<typeof loginSchema>,
    unknown,
    z.output<typeof loginSchema>
  >({ resolver: zodResolver(loginSchema), defaultValues: { username: "", password: "" } });
  const errors = formState.errors;

  async function signIn(body: z.output<typeof loginSchema>) {
    try {
      const answer = await apiRequest<{ user?: unknown } | SecondFactorChallenge>(
        "POST",
        "/api/auth/login",
        body,
      );
      if (answer && "secondFactorRequired" in answer) onChallenge(answer.challenge);
      else onSignedIn();
    } catch (error) {
      const throttled = error instanceof ApiError && error.status === 429;
      toast({
        title: "Login Failed",
        description: throttled
          ? (error.serverMessage ?? "Too many sign-in attempts. Please try again later.")
          : "Invalid credentials. Please try again.",
        variant: "destructive",
      });
    }
  }

  return (
    <form onSubmit={handleSubmit(signIn)} className={formClass} aria-labelledby="login-heading">
      <h1 id="login-heading" className="text-2xl font-semibold text-brand-900">
        Admin Login
      </h1>
      <p className="mt-1 text-sm text-gray-600">Sign in to manage the clinic.</p>
      <div className="mt-6 grid gap-4">
        <div className="grid gap-1.5">
          <label htmlFor="admin-username" className="text-sm font-medium">
            Username
          </label>
          <input
            id="admin-username"
            autoComplete="username"
            required
            aria-invalid={errors.username ? true : undefined}
            aria-describedby={errors.username ? "admin-username-error" : undefined}
            className={inputClass}
            {...register("username")}
          />
          <FieldError id="admin-username-error" message={errors.username?.message} />
        </div>
        <div className="grid gap-1.5">
          <label htmlFor="admin-password" className="text-sm font-medium">
            Password
          </label>
          <input
            id="admin-password"
            type="password"
            autoComplete="current-password"
            required
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? "admin-password-error" : undefined}
            className={inputClass}
            {...register("password")}
          />
          <FieldError id="admin-password-error" message={errors.password?.message} />
        </div>
        <button type="submit" disabled={formState.isSubmitting} className={submitClass}>
          {formState.isSubmitting ? "Signing in..." : "Sign In"}
        </button>
      </div>
    </form>
  );
}

/** Step two: the authenticator's code or a recovery code, sent with the password step's challenge. */
function CodeStep({
  challenge,
  onBack,
  onSignedIn,
}: {
  challenge: string;
  onBack: () => void;
  onSignedIn: () => void;
}) {
  const toast = useToast();
  // The challenge rides in the form's values so the body checked is exactly the one sent.
  const { register, handleSubmit, formState } = useForm<
    z.input<typeof loginCodeSchema>,
    unknown,
    z.output<typeof loginCodeSchema>
  >({ resolver: zodResolver(loginCodeSchema), defaultValues: { challenge, code: "" } });
  const error = formState.errors.code?.message ?? formState.errors.challenge?.message;

  async function verify(body: z.output<typeof loginCodeSchema>) {
    try {
      await apiRequest("POST", "/api/auth/login/code", body);
      onSignedIn();
    } catch (err) {
      const message =
        err instanceof ApiError && (err.status === 429 || err.status === 401)
          ? (err.serverMessage ?? ACCOUNT_SECURITY_MESSAGES.invalidCode)
          : ACCOUNT_SECURITY_MESSAGES.invalidCode;
      // An expired challenge means the password step again.
      if (message === ACCOUNT_SECURITY_MESSAGES.challengeExpired) onBack();
      toast({ title: "Login Failed", description: message, variant: "destructive" });
    }
  }

  return (
    <form onSubmit={handleSubmit(verify)} className={formClass} aria-labelledby="login-heading">
      <h1 id="login-heading" className="text-2xl font-semibold text-brand-900">
        Admin Login
      </h1>
      <p id="code-hint" className="mt-1 text-sm text-gray-600">
        Enter the 6-digit code from your authenticator app, or one of your recovery codes.
      </p>
      <div className="mt-6 grid gap-4">
        <div className="grid gap-1.5">
          <label htmlFor="admin-code" className="text-sm font-medium">
            Authentication code
          </label>
          <input
            id="admin-code"
            autoComplete="one-time-code"
            aria-describedby={error ? "code-hint admin-code-error" : "code-hint"}
            aria-invalid={error ? true : undefined}
            maxLength={40}
            required
            // biome-ignore lint/a11y/noAutofocus: the only field of this step, just revealed
            autoFocus
            className={inputClass}
            {...register("code")}
          />
          <FieldError id="admin-code-error" message={error} />
        </div>
        <button type="submit" disabled={formState.isSubmitting} className={submitClass}>
          {formState.isSubmitting ? "Verifying..." : "Verify"}
        </button>
        <button
          type="button"
          onClick={onBack}
          className="text-sm font-medium text-brand-800 underline"
        >
          Back to password
        </button>
      </div>
    </form>
  );
}
