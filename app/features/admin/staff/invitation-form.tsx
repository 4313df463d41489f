/**
 * A staff member's invitation (issue 13): shows who it is for and the role, asks for a password
 * (twice), creates the account through POST /api/auth/invitations/{token} — which signs them
 * in — and opens /admin. A used, unknown or expired link says so.
 */
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { useToast } from "#app/components/ui/toast.tsx";
import { ApiError, apiRequest } from "#app/lib/api.ts";
import { ACCESS_ROLE_LABELS } from "#common/roles.ts";
import { type InvitationInfo, PASSWORD_MIN_LENGTH, STAFF_MESSAGES } from "#common/staff.ts";

const inputClass = "rounded-md border border-gray-400 px-3 py-2 aria-[invalid=true]:border-red-700";

export function InvitationForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const toast = useToast();
  const [info, setInfo] = useState<InvitationInfo | null | "loading">("loading");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    apiRequest<InvitationInfo>("GET", `/api/auth/invitations/${encodeURIComponent(token)}`)
      .then(setInfo)
      .catch(() => setInfo(null));
  }, [token]);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get("password") ?? "");
    if (password.length < PASSWORD_MIN_LENGTH) return setError(STAFF_MESSAGES.password);
    if (password !== String(form.get("confirm") ?? "")) return setError("Passwords do not match");
    setError(null);
    setPending(true);
    try {
      await apiRequest("POST", `/api/auth/invitations/${encodeURIComponent(token)}`, { password });
      toast({ title: "Login Successful", description: "Welcome to the admin dashboard!" });
      navigate("/admin");
    } catch (err) {
      const message = err instanceof ApiError ? err.serverMessage : undefined;
      setError(message ?? "Something went wrong. Please try again.");
      if (err instanceof ApiError && err.status === 404) setInfo(null);
    } finally {
      setPending(false);
    }
  }

  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-brand-50 px-4">
      <div className="w-full max-w-sm rounded-xl bg-white p-8 shadow-lg">
        <h1 className="text-2xl font-semibold text-brand-900">Staff sign-in</h1>
        {info === "loading" ? (
          <p className="mt-4 text-sm text-gray-700" role="status">
            Checking your invitation...
          </p>
        ) : info === null ? (
          <p className="mt-4 text-sm text-gray-800">{STAFF_MESSAGES.invitationInvalid}</p>
        ) : (
          <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-4">
            <p className="text-sm text-gray-700">
              Welcome, {info.name}. You will sign in as{" "}
              <strong>{ACCESS_ROLE_LABELS[info.role]}</strong> with your email{" "}
              <strong>{info.email}</strong>. Choose a password.
            </p>
            <input type="hidden" name="username" autoComplete="username" value={info.email} />
            <div className="grid gap-1.5">
              <label htmlFor="invite-password" className="text-sm font-medium">
                Password
              </label>
              <input
                id="invite-password"
                name="password"
                type="password"
                autoComplete="new-password"
                minLength={PASSWORD_MIN_LENGTH}
                aria-invalid={error ? true : undefined}
                aria-describedby="invite-hint invite-error"
                className={inputClass}
              />
              <p id="invite-hint" className="text-xs text-gray-700">
                At least {PASSWORD_MIN_LENGTH} characters.
              </p>
            </div>
            <div className="grid gap-1.5">
              <label htmlFor="invite-confirm" className="text-sm font-medium">
                Confirm password
              </label>
              <input
                id="invite-confirm"
                name="confirm"
                type="password"
                autoComplete="new-password"
                aria-invalid={error ? true : undefined}
                className={inputClass}
              />
            </div>
            <p id="invite-error" className="text-sm text-red-700" role="alert">
              {error}
            </p>
            <button
              type="submit"
              disabled={pending}
              className="rounded-md bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
            >
              {pending ? "Saving..." : "Set Password and Sign In"}
            </button>
          </form>
        )}
      </div>
    </main>
  );
}
