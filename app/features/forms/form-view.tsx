/**
 * One form as the client sees it (issue 31): the title, version, intro, sections and each
 * question with its control. The client's forms page (client-forms.tsx) fills it in; the form
 * template editor's Preview and its view of a published version show the same rendering
 * read-only (no `onAnswer`: the controls are disabled), so what a manager previews is what the
 * client gets.
 */
import { useId } from "react";
import { fieldInputClass } from "#app/components/ui/form-field.tsx";
import type { FormAnswers, FormBody, FormField } from "#common/forms.ts";

type FormViewProps = {
  body: FormBody;
  /** Under the title, e.g. 'Version 3' or 'Draft of version 4 (preview)'. */
  versionLabel: string;
  /** The section's look: a card on the client's page, a bordered panel in the editor. */
  className: string;
  /** The answers so far (fillable form only). */
  answers?: FormAnswers | undefined;
  /** A field's error message, if any (fillable form only). */
  errorOf?: (field: FormField) => string | undefined;
  /** The `data-error-key` of a field, where the page moves focus to the first error. */
  errorKeyOf?: (field: FormField) => string;
  /** Called with a field's new answer; without it the form is read-only. */
  onAnswer?: (field: FormField, value: string | boolean) => void;
};

/** `body` as one titled region (its accessible name is the form's title). */
export function FormView({
  body,
  versionLabel,
  className,
  answers,
  errorOf,
  errorKeyOf,
  onAnswer,
}: FormViewProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={`grid min-w-0 gap-4 ${className}`}>
      <div>
        <h2 id={headingId} className="break-words text-xl font-semibold text-brand-900">
          {body.title || "(no title yet)"}
        </h2>
        <p className="text-xs text-gray-700">{versionLabel}</p>
        {body.intro && <p className="mt-2 whitespace-pre-line text-gray-800">{body.intro}</p>}
      </div>
      {body.sections.map((section, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the body does not change while shown, and a draft's titles and ids may repeat
        <div key={i} className="grid gap-4">
          <h3 className="break-words text-lg font-semibold text-gray-900">{section.title}</h3>
          {section.fields.map((field, j) => (
            <Field
              // biome-ignore lint/suspicious/noArrayIndexKey: as above
              key={j}
              field={field}
              errorKey={errorKeyOf?.(field)}
              value={answers?.[field.id]}
              error={errorOf?.(field)}
              onChange={onAnswer ? (v) => onAnswer(field, v) : undefined}
            />
          ))}
        </div>
      ))}
    </section>
  );
}

function Field({
  field,
  errorKey,
  value,
  error,
  onChange,
}: {
  field: FormField;
  errorKey: string | undefined;
  value: string | boolean | undefined;
  error?: string | undefined;
  /** Absent: read-only (the preview). */
  onChange: ((value: string | boolean) => void) | undefined;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const readOnly = onChange === undefined;
  const errorText = error && (
    <p id={errorId} className="text-sm text-red-700">
      {error}
    </p>
  );
  const help = field.help && <p className="text-sm text-gray-700">{field.help}</p>;
  const label = `${field.label || "(no question yet)"}${field.required ? " (required)" : ""}`;
  if (field.type === "info") {
    return (
      <div className="rounded-md bg-brand-50 p-3">
        <p className="font-medium text-gray-900">{field.label}</p>
        {field.help && <p className="mt-1 whitespace-pre-line text-gray-800">{field.help}</p>}
      </div>
    );
  }
  if (field.type === "checkbox") {
    return (
      <div>
        <label className="flex items-start gap-3 text-gray-900">
          <input
            type="checkbox"
            data-error-key={errorKey}
            disabled={readOnly}
            checked={value === true}
            onChange={(e) => onChange?.(e.target.checked)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="mt-1 size-5 shrink-0"
          />
          <span>{label}</span>
        </label>
        {errorText}
      </div>
    );
  }
  if (field.type === "yesno") {
    return (
      <fieldset aria-describedby={error ? errorId : undefined}>
        <legend className="font-medium text-gray-900">{label}</legend>
        {help}
        <div className="mt-2 flex gap-3">
          {[
            { v: true, t: "Yes" },
            { v: false, t: "No" },
          ].map((o, i) => (
            <label
              key={o.t}
              className="flex min-w-24 items-center gap-2 rounded-md border border-gray-400 px-4 py-2.5 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
            >
              <input
                type="radio"
                name={id}
                data-error-key={i === 0 ? errorKey : undefined}
                disabled={readOnly}
                checked={value === o.v}
                onChange={() => onChange?.(o.v)}
                className="size-5"
              />
              {o.t}
            </label>
          ))}
        </div>
        {errorText}
      </fieldset>
    );
  }
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="font-medium text-gray-900">
        {label}
      </label>
      {help}
      <textarea
        id={id}
        data-error-key={errorKey}
        disabled={readOnly}
        rows={field.type === "textarea" ? 2 : 1}
        value={typeof value === "string" ? value : ""}
        onChange={(e) => onChange?.(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={fieldInputClass}
      />
      {errorText}
    </div>
  );
}
