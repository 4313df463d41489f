/**
 * A labelled form field whose error message is tied to its control (aria-invalid,
 * aria-describedby), for the public forms (app/lib/public-form.ts).
 */
import { clsx } from "clsx";
import { type ReactNode, useId } from "react";

/** The public forms' text input and select look. */
export const fieldInputClass =
  "w-full rounded-md border border-gray-300 bg-white px-3 py-2.5 text-base text-ink shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 disabled:bg-gray-100 aria-[invalid=true]:border-red-700";

/** Props for the control: spread them onto the input, select or textarea. */
export type FieldControlProps = {
  id: string;
  "aria-invalid": boolean;
  "aria-describedby"?: string;
};

export function FormField({
  label,
  error,
  className,
  children,
}: {
  label: string;
  /** The field's message, if it has one (a form library's error value: text). */
  error?: ReactNode;
  className?: string;
  children: (props: FieldControlProps) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={clsx("grid content-start gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      {children({
        id,
        "aria-invalid": Boolean(error),
        "aria-describedby": error ? errorId : undefined,
      })}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
