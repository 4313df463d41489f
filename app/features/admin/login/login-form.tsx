/**
 * The admin login gate (admin spec §2 "Login gate", §6): username, password, Sign In; the check
 * runs on the server (POST /api/auth/login) and sets the session cookie. For an account with
 * two-step sign-in (issue 14) the server answers a challenge instead, and the gate asks for the
 * authentication code (or a recovery code) before the session starts
 * (POST /api/auth/login/code).
 */
import { useEffect, useState } from "react";
import { useToast } from "#app/components/ui/toast.tsx";
import { markSignedIn } from "#app/features/admin/kit/signed-in-flag.ts";
import { ApiError, apiRequest } from "#app/lib/api.ts";
import { ACCOUNT_SECURITY_MESSAGES, type SecondFactorChallenge } from "#common/account-security.ts";

const inputClass = "rounded-md border border-gray-300 px-3 py-2";
const submitClass =
  "rounded-md bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-70";

export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const toast = useToast();
  const [pending, setPending] = useState(false);
  const [challenge, setChallenge] = useState<string | null>(null);
  // The gate shows only without a session (sign-out, expiry): the spec's flag goes with it.
  useEffect(() => markSignedIn(false), []);

  const welcome = () => {
    markSignedIn(true);
    toast({ title: "Login Successful", description: "Welcome to the admin dashboard!" });
    onSignedIn();
  };

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    try {
      const answer = await apiRequest<{ user?: unknown } | SecondFactorChallenge>(
        "POST",
        "/api/auth/login",
        {
          username: String(form.get("username") ?? ""),
          password: String(form.get("password") ?? ""),
        },
      );
      if (answer && "secondFactorRequired" in answer) setChallenge(answer.challenge);
      else welcome();
    } catch (error) {
      const throttled = error instanceof ApiError && error.status === 429;
      toast({
        title: "Login Failed",
        description: throttled
          ? (error.serverMessage ?? "Too many sign-in attempts. Please try again later.")
          : "Invalid credentials. Please try again.",
        variant: "destructive",
      });
    } finally {
      setPending(false);
    }
  }

  async function onSubmitCode(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("code") ?? "");
    setPending(true);
    try {
      await apiRequest("POST", "/api/auth/login/code", { challenge, code });
      welcome();
    } catch (error) {
      const message =
        error instanceof ApiError && (error.status === 429 || error.status === 401)
          ? (error.serverMessage ?? ACCOUNT_SECURITY_MESSAGES.invalidCode)
          : ACCOUNT_SECURITY_MESSAGES.invalidCode;
      // An expired challenge means the password step again.
      if (message === ACCOUNT_SECURITY_MESSAGES.challengeExpired) setChallenge(null);
      toast({ title: "Login Failed", description: message, variant: "destructive" });
    } finally {
      setPending(false);
    }
  }

  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-brand-50 px-4">
      {challenge ? (
        <form
          key="code"
          onSubmit={onSubmitCode}
          className="w-full max-w-sm rounded-xl bg-white p-8 shadow-lg"
          aria-labelledby="login-heading"
        >
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
                name="code"
                autoComplete="one-time-code"
                aria-describedby="code-hint"
                maxLength={40}
                required
                // biome-ignore lint/a11y/noAutofocus: the only field of this step, just revealed
                autoFocus
                className={inputClass}
              />
            </div>
            <button type="submit" disabled={pending} className={submitClass}>
              {pending ? "Verifying..." : "Verify"}
            </button>
            <button
              type="button"
              onClick={() => setChallenge(null)}
              className="text-sm font-medium text-brand-800 underline"
            >
              Back to password
            </button>
          </div>
        </form>
      ) : (
        <form
          key="password"
          onSubmit={onSubmit}
          className="w-full max-w-sm rounded-xl bg-white p-8 shadow-lg"
          aria-labelledby="login-heading"
        >
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
                name="username"
                autoComplete="username"
                required
                className={inputClass}
              />
            </div>
            <div className="grid gap-1.5">
              <label htmlFor="admin-password" className="text-sm font-medium">
                Password
              </label>
              <input
                id="admin-password"
                name="password"
                type="password"
                autoComplete="current-password"
                required
                className={inputClass}
              />
            </div>
            <button type="submit" disabled={pending} className={submitClass}>
              {pending ? "Signing in..." : "Sign In"}
            </button>
          </div>
        </form>
      )}
    </main>
  );
}
