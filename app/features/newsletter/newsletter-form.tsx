/**
 * The newsletter sign-up (storefront spec §3 "Newsletter", §4 "Newsletter": idle, subscribing,
 * success with the form reset, failure; §5 messages; §8 toasts). POST /api/newsletter; a repeat
 * subscription of the same email is accepted by the server without a duplicate row.
 */
import { useId } from "react";
import { Link } from "react-router";
import { useToast } from "#app/components/ui/toast.tsx";
import { apiRequest } from "#app/lib/api.ts";
import { lazySchema, useSchemaForm } from "#app/lib/public-form.ts";

// The schema (zod) loads when the form is first focused or submitted, not with the form.
const validation = lazySchema<{ email: string; consent: true }>(
  async () => (await import("#common/newsletter.ts")).newsletterSchema,
);

type NewsletterFormValues = { email: string; consent: boolean };

const EMPTY: NewsletterFormValues = { email: "", consent: false };

/** Email + privacy consent, with the spec's messages and toasts. */
export function NewsletterForm({ tone = "light" }: { tone?: "light" | "dark" }) {
  const toast = useToast();
  const id = useId();
  const { form, formRef, field, submit, reset } = useSchemaForm({
    initialValues: EMPTY,
    schema: validation,
  });
  const errors = form.errors;

  const onSubmit = submit(async (values) => {
    try {
      await apiRequest("POST", "/api/newsletter", {
        email: values.email.trim(),
        consent: values.consent,
      });
      toast({
        title: "Subscription successful!",
        description: "Thank you for subscribing to our newsletter.",
        duration: 5000,
      });
      reset();
    } catch {
      toast({
        title: "Subscription failed",
        description: "There was an error subscribing to the newsletter. Please try again.",
        variant: "destructive",
      });
    }
  });

  const dark = tone === "dark";
  const text = dark ? "text-brand-100" : "text-stone-700";
  const errorText = dark ? "text-red-200" : "text-red-700";
  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      onFocus={validation.preload}
      noValidate
      aria-label="Newsletter sign-up"
      className="grid gap-4"
    >
      <div className="grid gap-1.5">
        <label
          htmlFor={`${id}-email`}
          className={dark ? "text-sm font-medium text-white" : "text-sm font-medium text-ink"}
        >
          Email address
        </label>
        <div className="flex flex-col gap-3 sm:flex-row">
          <input
            key={form.key("email")}
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            aria-invalid={Boolean(errors.email)}
            aria-describedby={errors.email ? `${id}-email-error` : undefined}
            {...field("email")}
            className="min-w-0 flex-1 rounded-full border border-brand-300 bg-white px-5 py-3 text-base text-ink placeholder:text-stone-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
          />
          <button
            type="submit"
            disabled={form.submitting}
            className={
              dark
                ? "rounded-full bg-white px-7 py-3 font-semibold text-brand-900 transition hover:bg-brand-100 disabled:opacity-70"
                : "rounded-full bg-brand-700 px-7 py-3 font-semibold text-white transition hover:bg-brand-800 disabled:opacity-70"
            }
          >
            {form.submitting ? "Subscribing..." : "Subscribe"}
          </button>
        </div>
        {errors.email && (
          <p id={`${id}-email-error`} className={`text-sm ${errorText}`}>
            {errors.email}
          </p>
        )}
      </div>
      <div className="grid gap-1.5">
        <div className="flex items-start gap-3">
          <input
            key={form.key("consent")}
            id={`${id}-consent`}
            type="checkbox"
            aria-invalid={Boolean(errors.consent)}
            aria-describedby={errors.consent ? `${id}-consent-error` : undefined}
            {...field("consent", { type: "checkbox" })}
            className="mt-1 h-5 w-5 shrink-0 accent-brand-700"
          />
          <label htmlFor={`${id}-consent`} className={`text-sm leading-relaxed ${text}`}>
            I agree to receive the newsletter and to the{" "}
            <Link
              to="/privacy"
              className={dark ? "text-white underline" : "text-brand-700 underline"}
            >
              privacy policy
            </Link>
            . Unsubscribe at any time.
          </label>
        </div>
        {errors.consent && (
          <p id={`${id}-consent-error`} className={`text-sm ${errorText}`}>
            {errors.consent}
          </p>
        )}
      </div>
    </form>
  );
}
