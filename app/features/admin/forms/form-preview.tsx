/**
 * A form as the client will see it (issue 31): the title, version, intro, sections and each
 * question with its control, read-only. The editor's Preview shows the draft with it, and a
 * published version is viewed with it; what the client fills in is app/features/forms.
 */
import { useId } from "react";
import type { FormBody, FormField } from "#common/forms.ts";

function PreviewField({ field }: { field: FormField }) {
  const id = useId();
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
      <label className="flex items-start gap-3 text-gray-900">
        <input type="checkbox" disabled className="mt-1 size-5 shrink-0" />
        <span>{label}</span>
      </label>
    );
  }
  if (field.type === "yesno") {
    return (
      <fieldset>
        <legend className="font-medium text-gray-900">{label}</legend>
        {field.help && <p className="text-sm text-gray-700">{field.help}</p>}
        <div className="mt-2 flex gap-3">
          {["Yes", "No"].map((t) => (
            <label
              key={t}
              className="flex min-w-20 items-center gap-2 rounded-md border border-gray-400 px-4 py-2"
            >
              <input type="radio" name={id} disabled className="size-5" />
              {t}
            </label>
          ))}
        </div>
      </fieldset>
    );
  }
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="font-medium text-gray-900">
        {label}
      </label>
      {field.help && <p className="text-sm text-gray-700">{field.help}</p>}
      <textarea
        id={id}
        disabled
        rows={field.type === "textarea" ? 2 : 1}
        className="w-full rounded-md border border-gray-400 bg-gray-50 px-3 py-2"
      />
    </div>
  );
}

/** `body` rendered as the client's page renders it; `versionLabel` e.g. 'Version 3'. */
export function FormPreview({ body, versionLabel }: { body: FormBody; versionLabel: string }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="grid min-w-0 gap-4 rounded-xl border border-gray-200 bg-white p-4 sm:p-5"
    >
      <div>
        <h2 id={headingId} className="break-words text-xl font-semibold text-brand-900">
          {body.title || "(no title yet)"}
        </h2>
        <p className="text-xs text-gray-700">{versionLabel}</p>
        {body.intro && <p className="mt-2 whitespace-pre-line text-gray-800">{body.intro}</p>}
      </div>
      {body.sections.map((section, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a read-only rendering of the body; a draft's titles and ids may repeat
        <div key={i} className="grid gap-4">
          <h3 className="break-words text-lg font-semibold text-gray-900">{section.title}</h3>
          {section.fields.map((field, j) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: as above
            <PreviewField key={j} field={field} />
          ))}
        </div>
      ))}
    </section>
  );
}
