/**
 * Form fields of the admin dialogs: a visible label tied to the control, the error text tied to
 * it through aria-describedby and aria-invalid, and an optional hint. They forward refs, so
 * react-hook-form's `register()` spreads onto them.
 */
import type {
  InputHTMLAttributes,
  ReactNode,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from "react";
import { forwardRef, useId } from "react";

const inputClass =
  "mt-1 block w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-sm text-ink aria-[invalid=true]:border-red-700";

type FieldShell = { label: string; error?: string; hint?: string; className?: string };

function FieldFrame({
  id,
  label,
  error,
  hint,
  className,
  children,
}: FieldShell & { id: string; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-gray-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

function describedBy(id: string, error?: string, hint?: string) {
  return error ? `${id}-error` : hint ? `${id}-hint` : undefined;
}

export const TextField = forwardRef<
  HTMLInputElement,
  FieldShell & InputHTMLAttributes<HTMLInputElement>
>(function TextField({ label, error, hint, className, ...props }, ref) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} className={className}>
      <input
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={inputClass}
        {...props}
      />
    </FieldFrame>
  );
});

export const TextAreaField = forwardRef<
  HTMLTextAreaElement,
  FieldShell & TextareaHTMLAttributes<HTMLTextAreaElement>
>(function TextAreaField({ label, error, hint, className, ...props }, ref) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} className={className}>
      <textarea
        ref={ref}
        id={id}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={inputClass}
        {...props}
      />
    </FieldFrame>
  );
});

export const SelectField = forwardRef<
  HTMLSelectElement,
  FieldShell & SelectHTMLAttributes<HTMLSelectElement>
>(function SelectField({ label, error, hint, className, children, ...props }, ref) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} className={className}>
      <select
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={inputClass}
        {...props}
      >
        {children}
      </select>
    </FieldFrame>
  );
});
