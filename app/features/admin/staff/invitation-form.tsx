/**
 * A staff member's invitation (issue 13): shows who it is for and the role, asks for a password
 * (twice), creates the account through POST /api/auth/invitations/{token} — which signs them
 * in — and opens /admin. A used, unknown or expired link says so. The password is checked by the
 * API's own `acceptInvitationSchema` before it is sent; the second copy only has to match it.
 */

import { useEffect, useState } from "react";
import { type FieldErrors, type Resolver, useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { useToast } from "#app/components/ui/toast.tsx";
import { ApiError, apiFieldErrors, apiRequest } from "#app/lib/api.ts";
import { ACCESS_ROLE_LABELS } from "#common/roles.ts";
import {
  acceptInvitationSchema,
  type InvitationInfo,
  PASSWORD_MIN_LENGTH,
  STAFF_MESSAGES,
} from "#common/staff.ts";

const inputClass = "rounded-md border border-gray-400 px-3 py-2 aria-[invalid=true]:border-red-700";

type FormValues = { password: string; confirm: string };

/** The body ({ password }) checked by the server's schema, then the confirmation against it. */
const resolver: Resolver<FormValues> = async (values) => {
  const errors: FieldErrors<FormValues> = {};
  const result = acceptInvitationSchema.safeParse({ password: values.password });
  const issue = result.error?.issues[0];
  if (issue) errors.password = { type: "validation", message: issue.message };
  else if (values.password !== values.confirm)
    errors.confirm = { type: "validation", message: "Passwords do not match" };
  return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
};

export function InvitationForm({ token }: { token: string }) {
  const [info, setInfo] = useState<InvitationInfo | null | "loading">("loading");

  useEffect(() => {
    apiRequest<InvitationInfo>("GET", `/api/auth/invitations/${encodeURIComponent(token)}`)
      .then(setInfo)
      .catch(() => setInfo(null));
  }, [token]);

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
          <PasswordForm token={token} info={info} onGone={() => setInfo(null)} />
        )}
      </div>
    </main>
  );
}

/** The password form of a valid invitation; `onGone` when the server no longer knows the link. */
function PasswordForm({
  token,
  info,
  onGone,
}: {
  token: string;
  info: InvitationInfo;
  onGone: () => void;
}) {
  const navigate = useNavigate();
  const toast = useToast();
  const { register, handleSubmit, setError, formState } = useForm<FormValues>({
    resolver,
    defaultValues: { password: "", confirm: "" },
  });
  const errors = formState.errors;
  const passwordError = errors.password?.message;
  const confirmError = errors.confirm?.message;

  async function accept({ password }: FormValues) {
    try {
      await apiRequest("POST", `/api/auth/invitations/${encodeURIComponent(token)}`, { password });
      toast({ title: "Login Successful", description: "Welcome to the admin dashboard!" });
      navigate("/admin");
    } catch (err) {
      const onField = apiFieldErrors(err).password;
      const message = err instanceof ApiError ? err.serverMessage : undefined;
      if (onField) setError("password", { message: onField });
      else setError("root", { message: message ?? "Something went wrong. Please try again." });
      if (err instanceof ApiError && err.status === 404) onGone();
    }
  }

  return (
    <form onSubmit={handleSubmit(accept)} noValidate className="mt-4 grid gap-4">
      <p className="text-sm text-gray-700">
        Welcome, {info.name}. You will sign in as <strong>{ACCESS_ROLE_LABELS[info.role]}</strong>{" "}
        with your email <strong>{info.email}</strong>. Choose a password.
      </p>
      <input type="hidden" name="username" autoComplete="username" value={info.email} />
      <div className="grid gap-1.5">
        <label htmlFor="invite-password" className="text-sm font-medium">
          Password
        </label>
        <input
          id="invite-password"
          type="password"
          autoComplete="new-password"
          minLength={PASSWORD_MIN_LENGTH}
          aria-invalid={passwordError ? true : undefined}
          aria-describedby="invite-hint invite-password-error invite-error"
          className={inputClass}
          {...register("password")}
        />
        <p id="invite-hint" className="text-xs text-gray-700">
          At least {PASSWORD_MIN_LENGTH} characters.
        </p>
        {passwordError && (
          <p id="invite-password-error" className="text-sm text-red-700">
            {passwordError}
          </p>
        )}
      </div>
      <div className="grid gap-1.5">
        <label htmlFor="invite-confirm" className="text-sm font-medium">
          Confirm password
        </label>
        <input
          id="invite-confirm"
          type="password"
          autoComplete="new-password"
          aria-invalid={confirmError ? true : undefined}
          aria-describedby="invite-confirm-error"
          className={inputClass}
          {...register("confirm")}
        />
        {confirmError && (
          <p id="invite-confirm-error" className="text-sm text-red-700">
            {confirmError}
          </p>
        )}
      </div>
      <p id="invite-error" className="text-sm text-red-700" role="alert">
        {errors.root?.message}
      </p>
      <button
        type="submit"
        disabled={formState.isSubmitting}
        className="rounded-md bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
      >
        {formState.isSubmitting ? "Saving..." : "Set Password and Sign In"}
      </button>
    </form>
  );
}
