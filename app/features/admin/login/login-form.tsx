/**
 * The admin login gate (admin spec §2 "Login gate", §6): username, password, Sign In; the check
 * runs on the server (POST /api/auth/login) and sets the session cookie.
 */
import { useState } from "react";
import { useToast } from "#app/components/ui/toast.tsx";
import { ApiError, apiRequest } from "#app/lib/api.ts";

export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const toast = useToast();
  const [pending, setPending] = useState(false);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    try {
      await apiRequest("POST", "/api/auth/login", {
        username: String(form.get("username") ?? ""),
        password: String(form.get("password") ?? ""),
      });
      toast({ title: "Login Successful", description: "Welcome to the admin dashboard!" });
      onSignedIn();
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

  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-brand-50 px-4">
      <form
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
              className="rounded-md border border-gray-300 px-3 py-2"
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
              className="rounded-md border border-gray-300 px-3 py-2"
            />
          </div>
          <button
            type="submit"
            disabled={pending}
            className="rounded-md bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
          >
            {pending ? "Signing in..." : "Sign In"}
          </button>
        </div>
      </form>
    </main>
  );
}
