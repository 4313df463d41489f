/**
 * One form template's editor (issue 31; decision 0304), for managers: the draft's title, intro,
 * sections and questions as `formBodySchema` (common/forms.ts, the API's own) allows; Preview
 * shows the draft as the client will see it; Save draft → PUT /api/admin/forms/templates/{id}/draft;
 * Publish (after a confirmation naming the new version) saves unsaved changes and then
 * POST …/publish, which freezes the draft as the next version. Published versions are listed and
 * open read-only (GET …/versions/{n}). The draft's problems are shown on their fields and in a
 * summary whose entries move the focus to the field.
 */
import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import {
  DialogContent,
  DialogDescription,
  DialogRoot,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import { Badge } from "#app/features/admin/kit/badge.tsx";
import { adminButton } from "#app/features/admin/kit/buttons.ts";
import { ConfirmDialog } from "#app/features/admin/kit/confirm-dialog.tsx";
import { SelectField, TextAreaField, TextField } from "#app/features/admin/kit/fields.tsx";
import { PageHeader } from "#app/features/admin/kit/page-header.tsx";
import { serverMessageOr, useAdminMutation } from "#app/features/admin/kit/use-admin-mutation.ts";
import { ApiError, apiFieldErrors, apiRequest } from "#app/lib/api.ts";
import {
  CONSENT_FLAG_LABELS,
  CONSENT_FLAGS,
  type ConsentFlag,
  FORM_FIELD_TYPE_LABELS,
  FORM_FIELD_TYPES,
  FORM_LIMITS,
  type FormFieldType,
  type FormTemplateDetail,
  type FormVersion,
  HEALTH_TARGET_LABELS,
  HEALTH_TARGETS,
  type HealthTarget,
} from "#common/forms.ts";
import { formatLagosDateTime } from "#common/lagos-time.ts";
import {
  addField,
  addSection,
  draftProblems,
  type EditorDraft,
  type EditorField,
  moveField,
  moveSection,
  removeField,
  removeSection,
  sameBody,
  toBody,
  toEditor,
  updateField,
  updateSection,
} from "./draft-model.ts";
import { FormPreview } from "./form-preview.tsx";
import { templateKindLabel } from "./forms-screen.tsx";

const iconButton =
  "inline-flex h-9 min-w-9 items-center justify-center rounded-md border border-gray-300 bg-white px-2 text-gray-800 hover:bg-gray-100 disabled:opacity-40";

/** 'Section 2, question 3' for a problem's path; 'Title' and the like for the form's own. */
function whereOf(path: string): string {
  const m = /^sections\.(\d+)(?:\.fields\.(\d+))?/.exec(path);
  if (!m) return path === "title" ? "Title" : path === "intro" ? "Introduction" : "Form";
  const section = `Section ${Number(m[1]) + 1}`;
  return m[2] === undefined ? section : `${section}, question ${Number(m[2]) + 1}`;
}

/** A problem's message as the editor words it (the schema's array messages are generic). */
function messageOf(path: string, message: string): string {
  if (/^sections\.\d+\.fields$/.test(path)) return "A section needs at least one question";
  if (path === "sections" && /too small/i.test(message)) return "A form needs at least one section";
  return message;
}

/** The answer ids used by more than one question. */
function duplicateIds(draft: EditorDraft): Set<string> {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const s of draft.sections)
    for (const f of s.fields) (seen.has(f.id) ? twice : seen).add(f.id);
  return twice;
}

export function FormTemplateEditor({ template }: { template: FormTemplateDetail | null }) {
  if (!template) {
    return (
      <>
        <PageHeader title="Form not found" />
        <p className="text-sm text-gray-700">This form template does not exist.</p>
        <Link to="/admin/forms" className={`${adminButton.outline} mt-4`}>
          All forms
        </Link>
      </>
    );
  }
  return <Editor template={template} />;
}

function Editor({ template }: { template: FormTemplateDetail }) {
  const savedJson = JSON.stringify(template.draft);
  // The saved draft as the editor would send it, to tell unsaved changes apart.
  const baseline = useMemo(() => toBody(toEditor(JSON.parse(savedJson))), [savedJson]);
  const [draft, setDraft] = useState<EditorDraft>(() => toEditor(template.draft));
  const [previewing, setPreviewing] = useState(false);
  const [showProblems, setShowProblems] = useState(false);
  const [serverProblems, setServerProblems] = useState<Record<string, string>>({});
  // A saved or published draft comes back through the loader: the editor starts from it.
  useEffect(() => {
    setDraft(toEditor(JSON.parse(savedJson)));
    setServerProblems({});
  }, [savedJson]);
  const [confirming, setConfirming] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);

  const body = toBody(draft);
  const dirty = !sameBody(body, baseline);
  const problems = { ...(showProblems ? draftProblems(body) : {}), ...serverProblems };
  const duplicates = duplicateIds(draft);
  const nextVersion = (template.versions[0]?.version ?? 0) + 1;
  const nothingToPublish = !dirty && !template.draftChanged && template.version !== null;

  const onError = (error: unknown) => {
    const fields = apiFieldErrors(error);
    if (Object.keys(fields).length > 0) {
      setServerProblems(fields);
      setShowProblems(true);
    }
  };
  const save = useAdminMutation({
    success: { title: "Draft saved", description: "Publish it when it is ready for clients." },
    failure: serverMessageOr("The draft could not be saved."),
    onError,
  });
  const publish = useAdminMutation<FormTemplateDetail>({
    success: (t) => ({
      title: `Version ${t.versions[0]?.version ?? ""} published`,
      description: "Clients signing from now on sign this version.",
    }),
    failure: serverMessageOr("The form could not be published."),
    onSuccess: () => setConfirming(false),
    onError: (error) => {
      setConfirming(false);
      onError(error);
    },
  });

  /** Checks the draft; false (and the summary focused) when it has problems. */
  function valid(): boolean {
    setServerProblems({});
    const found = draftProblems(body);
    setShowProblems(true);
    if (Object.keys(found).length === 0) return true;
    requestAnimationFrame(() => summaryRef.current?.focus());
    return false;
  }
  const url = `/api/admin/forms/templates/${template.id}`;
  const change = (next: EditorDraft) => {
    setDraft(next);
    if (Object.keys(serverProblems).length > 0) setServerProblems({});
  };
  const focusPath = (path: string) => {
    setPreviewing(false);
    requestAnimationFrame(() => {
      const target =
        document.querySelector<HTMLElement>(`[data-path="${path}"]`) ??
        document.querySelector<HTMLElement>(`[data-path^="${path}."]`);
      target?.focus();
    });
  };
  const problemEntries = Object.entries(problems);

  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/forms" className="text-brand-800 underline">
          All forms
        </Link>
      </p>
      <PageHeader title={template.title}>
        {template.version === null ? (
          <Badge tone="amber">Not published</Badge>
        ) : (
          <Badge tone="green">Version {template.version} published</Badge>
        )}
      </PageHeader>
      <p className="-mt-4 mb-4 text-sm text-gray-700">{templateKindLabel(template)}</p>

      <div className="mb-4 flex flex-wrap items-center gap-2">
        <button
          type="button"
          className={adminButton.primary}
          disabled={save.pending || publish.pending || !dirty}
          onClick={() => {
            if (valid()) void save.run(() => apiRequest("PUT", `${url}/draft`, body));
          }}
        >
          {save.pending ? "Saving..." : "Save draft"}
        </button>
        <button
          type="button"
          className={adminButton.outline}
          aria-pressed={previewing}
          onClick={() => setPreviewing((p) => !p)}
        >
          Preview
        </button>
        <button
          type="button"
          className={adminButton.outline}
          disabled={save.pending || publish.pending || nothingToPublish}
          onClick={() => {
            if (valid()) setConfirming(true);
          }}
        >
          Publish
        </button>
        <span className="text-sm text-gray-700" role="status">
          {dirty
            ? "Unsaved changes"
            : nothingToPublish
              ? "The draft is the same as the published version"
              : "Draft saved, not published yet"}
        </span>
      </div>

      {problemEntries.length > 0 && (
        <div
          ref={summaryRef}
          tabIndex={-1}
          role="alert"
          aria-labelledby="draft-problems"
          className="mb-4 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900"
        >
          <h2 id="draft-problems" className="font-semibold">
            The draft cannot be saved yet: {problemEntries.length} problem
            {problemEntries.length === 1 ? "" : "s"}
          </h2>
          <ul className="mt-1 list-disc pl-5">
            {problemEntries.map(([path, message]) => (
              <li key={path}>
                <button
                  type="button"
                  className="text-left underline"
                  onClick={() => focusPath(path)}
                >
                  {whereOf(path)}: {messageOf(path, message)}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}

      {previewing ? (
        <FormPreview body={body} versionLabel={`Draft of version ${nextVersion} (preview)`} />
      ) : (
        <DraftFields draft={draft} onChange={change} problems={problems} duplicates={duplicates} />
      )}

      <Versions template={template} onView={setViewing} />

      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => !publish.pending && setConfirming(open)}
        title={`Publish version ${nextVersion}?`}
        description={
          <>
            <p>
              Clients who sign “{body.title}” from now on sign version {nextVersion}.
              {dirty ? " Your unsaved changes are saved first." : ""}
            </p>
            <p className="mt-2">
              Forms already signed keep the version that was signed. A published version cannot be
              changed.
            </p>
          </>
        }
        confirmLabel={publish.pending ? "Publishing..." : "Publish"}
        confirmDisabled={publish.pending}
        onConfirm={() => {
          void publish.run(async () => {
            if (dirty) await apiRequest("PUT", `${url}/draft`, body);
            return apiRequest<FormTemplateDetail>("POST", `${url}/publish`);
          });
        }}
      />
      <VersionDialog
        templateId={template.id}
        version={viewing}
        publishedBy={template.versions.find((v) => v.version === viewing)?.publishedBy ?? ""}
        onClose={() => setViewing(null)}
      />
    </>
  );
}

/** The title, intro and every section of the draft, editable. */
function DraftFields({
  draft,
  onChange,
  problems,
  duplicates,
}: {
  draft: EditorDraft;
  onChange: (draft: EditorDraft) => void;
  problems: Record<string, string>;
  duplicates: Set<string>;
}) {
  return (
    <div className="grid min-w-0 gap-4">
      <section
        aria-label="Form"
        className="grid gap-3 rounded-lg border border-gray-200 bg-white p-4"
      >
        <TextField
          label="Title"
          data-path="title"
          value={draft.title}
          maxLength={FORM_LIMITS.title}
          error={problems.title}
          onChange={(e) => onChange({ ...draft, title: e.target.value })}
        />
        <TextAreaField
          label="Introduction (optional)"
          data-path="intro"
          value={draft.intro}
          maxLength={FORM_LIMITS.intro}
          error={problems.intro}
          onChange={(e) => onChange({ ...draft, intro: e.target.value })}
        />
      </section>
      {problems.sections && (
        <p className="text-sm text-red-700">{messageOf("sections", problems.sections)}</p>
      )}
      {draft.sections.map((section, i) => {
        const name = section.title.trim() || `Section ${i + 1}`;
        return (
          <section
            key={section.key}
            aria-label={`Section ${i + 1}`}
            className="grid min-w-0 gap-3 rounded-lg border border-gray-300 bg-white p-4"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 className="text-base font-semibold text-ink">Section {i + 1}</h2>
              <div className="flex gap-1">
                <button
                  type="button"
                  className={iconButton}
                  aria-label={`Move section ${name} up`}
                  disabled={i === 0}
                  onClick={() => onChange(moveSection(draft, section.key, -1))}
                >
                  <ArrowUp className="h-4 w-4" aria-hidden />
                </button>
                <button
                  type="button"
                  className={iconButton}
                  aria-label={`Move section ${name} down`}
                  disabled={i === draft.sections.length - 1}
                  onClick={() => onChange(moveSection(draft, section.key, 1))}
                >
                  <ArrowDown className="h-4 w-4" aria-hidden />
                </button>
                <button
                  type="button"
                  className={iconButton}
                  aria-label={`Remove section ${name}`}
                  onClick={() => onChange(removeSection(draft, section.key))}
                >
                  <Trash2 className="h-4 w-4" aria-hidden />
                </button>
              </div>
            </div>
            <TextField
              label="Section title"
              data-path={`sections.${i}.title`}
              value={section.title}
              maxLength={FORM_LIMITS.title}
              error={problems[`sections.${i}.title`]}
              onChange={(e) => onChange(updateSection(draft, section.key, e.target.value))}
            />
            {problems[`sections.${i}.fields`] && (
              <p className="text-sm text-red-700" data-path={`sections.${i}.fields`} tabIndex={-1}>
                {messageOf(`sections.${i}.fields`, problems[`sections.${i}.fields`] ?? "")}
              </p>
            )}
            <ol className="grid gap-3">
              {section.fields.map((field, j) => (
                <QuestionEditor
                  key={field.key}
                  field={field}
                  path={`sections.${i}.fields.${j}`}
                  number={j + 1}
                  last={j === section.fields.length - 1}
                  problems={problems}
                  duplicate={duplicates.has(field.id)}
                  onChange={(change) => onChange(updateField(draft, field.key, change))}
                  onMove={(by) => onChange(moveField(draft, field.key, by))}
                  onRemove={() => onChange(removeField(draft, field.key))}
                />
              ))}
            </ol>
            <div>
              <button
                type="button"
                className={adminButton.outline}
                disabled={section.fields.length >= FORM_LIMITS.fieldsPerSection}
                onClick={() => onChange(addField(draft, section.key))}
              >
                <Plus className="h-4 w-4" aria-hidden />
                Add question to section {i + 1}
              </button>
            </div>
          </section>
        );
      })}
      <div>
        <button
          type="button"
          className={adminButton.outline}
          disabled={draft.sections.length >= FORM_LIMITS.sections}
          onClick={() => onChange(addSection(draft))}
        >
          <Plus className="h-4 w-4" aria-hidden />
          Add section
        </button>
      </div>
    </div>
  );
}

function QuestionEditor({
  field,
  path,
  number,
  last,
  problems,
  duplicate,
  onChange,
  onMove,
  onRemove,
}: {
  field: EditorField;
  path: string;
  number: number;
  last: boolean;
  problems: Record<string, string>;
  duplicate: boolean;
  onChange: (change: Partial<EditorField>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const info = field.type === "info";
  const name = field.label.trim()
    ? `question ${number}, ${field.label.trim()}`
    : `question ${number}`;
  return (
    <li className="grid min-w-0 gap-3 rounded-md border border-gray-200 bg-gray-50 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-gray-900">Question {number}</h3>
        <div className="flex gap-1">
          <button
            type="button"
            className={iconButton}
            aria-label={`Move ${name} up`}
            disabled={number === 1}
            onClick={() => onMove(-1)}
          >
            <ArrowUp className="h-4 w-4" aria-hidden />
          </button>
          <button
            type="button"
            className={iconButton}
            aria-label={`Move ${name} down`}
            disabled={last}
            onClick={() => onMove(1)}
          >
            <ArrowDown className="h-4 w-4" aria-hidden />
          </button>
          <button
            type="button"
            className={iconButton}
            aria-label={`Remove ${name}`}
            onClick={onRemove}
          >
            <Trash2 className="h-4 w-4" aria-hidden />
          </button>
        </div>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label="Type"
          data-path={`${path}.type`}
          value={field.type}
          error={problems[`${path}.type`]}
          onChange={(e) => onChange({ type: e.target.value as FormFieldType })}
        >
          {FORM_FIELD_TYPES.map((t) => (
            <option key={t} value={t}>
              {FORM_FIELD_TYPE_LABELS[t]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Answer id"
          data-path={`${path}.id`}
          value={field.id}
          maxLength={40}
          autoCapitalize="none"
          spellCheck={false}
          hint="Lower-case letters, digits and _; answers are kept under it across versions"
          error={
            problems[`${path}.id`] ??
            (duplicate ? "Another question has this answer id" : undefined)
          }
          onChange={(e) => onChange({ id: e.target.value })}
        />
      </div>
      <TextAreaField
        label={info ? "Heading" : "Question"}
        rows={2}
        data-path={`${path}.label`}
        value={field.label}
        maxLength={FORM_LIMITS.label}
        error={problems[`${path}.label`]}
        onChange={(e) => onChange({ label: e.target.value })}
      />
      <TextAreaField
        label={info ? "Text to read" : "Explanation under the question (optional)"}
        rows={info ? 4 : 2}
        data-path={`${path}.help`}
        value={field.help ?? ""}
        maxLength={FORM_LIMITS.help}
        error={problems[`${path}.help`]}
        onChange={(e) => onChange({ help: e.target.value })}
      />
      {!info && (
        <div className="grid gap-3 sm:grid-cols-2">
          <label className="flex items-center gap-2 text-sm text-gray-800 sm:col-span-2">
            <input
              type="checkbox"
              data-path={`${path}.required`}
              checked={field.required === true}
              onChange={(e) => onChange({ required: e.target.checked })}
              className="size-4"
            />
            Required{field.type === "checkbox" ? " (the box must be ticked to sign)" : ""}
          </label>
          <SelectField
            label="Adds to the health record"
            data-path={`${path}.healthTarget`}
            value={field.healthTarget ?? ""}
            hint="A clinician reviews the answer before it changes the record"
            onChange={(e) =>
              onChange({ healthTarget: (e.target.value || undefined) as HealthTarget | undefined })
            }
          >
            <option value="">Nothing</option>
            {HEALTH_TARGETS.map((t) => (
              <option key={t} value={t}>
                {HEALTH_TARGET_LABELS[t]}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="A “yes” or tick records"
            data-path={`${path}.consentFlag`}
            value={field.consentFlag ?? ""}
            onChange={(e) =>
              onChange({ consentFlag: (e.target.value || undefined) as ConsentFlag | undefined })
            }
          >
            <option value="">No special consent</option>
            {CONSENT_FLAGS.map((c) => (
              <option key={c} value={c}>
                {CONSENT_FLAG_LABELS[c]}
              </option>
            ))}
          </SelectField>
        </div>
      )}
    </li>
  );
}

/** The published versions, newest first, each opened read-only. */
function Versions({
  template,
  onView,
}: {
  template: FormTemplateDetail;
  onView: (version: number) => void;
}) {
  return (
    <section aria-labelledby="versions-heading" className="mt-6">
      <h2 id="versions-heading" className="mb-2 text-lg font-semibold text-ink">
        Published versions
      </h2>
      {template.versions.length === 0 ? (
        <p className="text-sm text-gray-700">Not published yet.</p>
      ) : (
        <ul className="grid gap-2">
          {template.versions.map((v) => (
            <li
              key={v.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-gray-200 bg-white p-3 text-sm"
            >
              <span className="min-w-0 text-gray-800">
                <strong>Version {v.version}</strong>, published {formatLagosDateTime(v.publishedAt)}{" "}
                by {v.publishedBy}
              </span>
              <button
                type="button"
                className={adminButton.outline}
                onClick={() => onView(v.version)}
              >
                View version {v.version}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** One published version, read-only, exactly as clients sign it. */
function VersionDialog({
  templateId,
  version,
  publishedBy,
  onClose,
}: {
  templateId: number;
  version: number | null;
  publishedBy: string;
  onClose: () => void;
}) {
  const [data, setData] = useState<FormVersion | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setData(null);
    setError(null);
    if (version === null) return;
    apiRequest<FormVersion>("GET", `/api/admin/forms/templates/${templateId}/versions/${version}`)
      .then(setData)
      .catch((e) =>
        setError((e instanceof ApiError && e.serverMessage) || "The version could not be loaded."),
      );
  }, [templateId, version]);
  return (
    <DialogRoot open={version !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl">
        <DialogTitle className="pr-8 text-lg font-semibold text-ink">
          Version {version} (read-only)
        </DialogTitle>
        <DialogDescription className="mb-3 text-sm text-gray-700">
          {data
            ? `Published ${formatLagosDateTime(data.publishedAt)}${publishedBy ? ` by ${publishedBy}` : ""}. A published version never changes.`
            : "A published version never changes."}
        </DialogDescription>
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        {!data && !error && (
          <p role="status" className="text-sm text-gray-700">
            Loading...
          </p>
        )}
        {data && (
          <div className="grid gap-3">
            <FormPreview body={data.body} versionLabel={`Version ${data.version}`} />
            <p className="break-all text-xs text-gray-600">
              SHA-256 of the text clients sign: {data.textSha256}
            </p>
          </div>
        )}
      </DialogContent>
    </DialogRoot>
  );
}
