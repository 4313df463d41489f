/**
 * The form template editor's working copy (issue 31; decision 0304): the draft's sections and
 * fields with a stable key each (a field's answer id may be edited, so it cannot be the React
 * key), the pure moves the editor's buttons make, the answer id made from a new question's label,
 * and the draft's problems by path as `formBodySchema` (common/forms.ts, also the API's) reports
 * them, e.g. 'sections.0.fields.2.label'.
 */
import {
  type FormBody,
  type FormField,
  type FormFieldType,
  formBodySchema,
} from "#common/forms.ts";

export type EditorField = FormField & {
  key: string;
  /** The answer id still follows the label (a question added in this session, id untouched). */
  autoId: boolean;
};
export type EditorSection = { key: string; title: string; fields: EditorField[] };
export type EditorDraft = { title: string; intro: string; sections: EditorSection[] };

let counter = 0;
const nextKey = () => `k${++counter}`;

/** The working copy of `body`. */
export function toEditor(body: FormBody): EditorDraft {
  return {
    title: body.title,
    intro: body.intro,
    sections: body.sections.map((s) => ({
      key: nextKey(),
      title: s.title,
      fields: s.fields.map((f) => ({ ...f, key: nextKey(), autoId: false })),
    })),
  };
}

/** The body the API takes: the editor's keys dropped, empty optional values left out. */
export function toBody(draft: EditorDraft): FormBody {
  return {
    title: draft.title,
    intro: draft.intro,
    sections: draft.sections.map((s) => ({
      title: s.title,
      fields: s.fields.map(({ key: _key, autoId: _auto, ...f }) => {
        const field: FormField = { id: f.id, type: f.type, label: f.label };
        if (f.help?.trim()) field.help = f.help;
        if (f.required && f.type !== "info") field.required = true;
        if (f.healthTarget && f.type !== "info") field.healthTarget = f.healthTarget;
        if (f.consentFlag && f.type !== "info") field.consentFlag = f.consentFlag;
        return field;
      }),
    })),
  };
}

/** Every answer id of `draft` except `except`'s. */
function idsOf(draft: EditorDraft, except?: string): Set<string> {
  return new Set(
    draft.sections.flatMap((s) => s.fields.filter((f) => f.key !== except).map((f) => f.id)),
  );
}

/**
 * An answer id made from `label`: lower-case letters, digits and _, starting with a letter, at
 * most 40 characters, not one of `taken` (a number is added).
 */
export function answerIdFrom(label: string, taken: Set<string>): string {
  const base =
    label
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[^a-z0-9]+/g, "_")
      .replace(/^[^a-z]+/, "")
      .replace(/_+$/, "")
      .slice(0, 32) || "question";
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}_${n}`)) return `${base}_${n}`;
}

/** A new question at the end of section `sectionKey`. */
export function addField(draft: EditorDraft, sectionKey: string, type: FormFieldType = "yesno") {
  const field: EditorField = {
    key: nextKey(),
    id: answerIdFrom("question", idsOf(draft)),
    type,
    label: "",
    autoId: true,
  };
  return mapSection(draft, sectionKey, (s) => ({ ...s, fields: [...s.fields, field] }));
}

/** A new section (with one question, as the schema asks) at the end. */
export function addSection(draft: EditorDraft): EditorDraft {
  const key = nextKey();
  const section: EditorSection = { key, title: "", fields: [] };
  return addField({ ...draft, sections: [...draft.sections, section] }, key);
}

/** Changes field `fieldKey`; a new question's answer id follows its label. */
export function updateField(
  draft: EditorDraft,
  fieldKey: string,
  change: Partial<FormField>,
): EditorDraft {
  const taken = idsOf(draft, fieldKey);
  return {
    ...draft,
    sections: draft.sections.map((s) => ({
      ...s,
      fields: s.fields.map((f) => {
        if (f.key !== fieldKey) return f;
        const next = { ...f, ...change };
        if (change.id !== undefined) next.autoId = false;
        else if (change.label !== undefined && f.autoId)
          next.id = answerIdFrom(change.label, taken);
        return next;
      }),
    })),
  };
}

export function updateSection(draft: EditorDraft, sectionKey: string, title: string) {
  return mapSection(draft, sectionKey, (s) => ({ ...s, title }));
}

export function removeSection(draft: EditorDraft, sectionKey: string): EditorDraft {
  return { ...draft, sections: draft.sections.filter((s) => s.key !== sectionKey) };
}

export function removeField(draft: EditorDraft, fieldKey: string): EditorDraft {
  return {
    ...draft,
    sections: draft.sections.map((s) => ({
      ...s,
      fields: s.fields.filter((f) => f.key !== fieldKey),
    })),
  };
}

/** `list` with the item at `index` moved by `by` (-1 up, +1 down); unchanged at an end. */
export function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (index < 0 || to < 0 || to >= list.length) return [...list];
  const out = [...list];
  [out[index], out[to]] = [out[to] as T, out[index] as T];
  return out;
}

export function moveSection(draft: EditorDraft, sectionKey: string, by: -1 | 1): EditorDraft {
  const index = draft.sections.findIndex((s) => s.key === sectionKey);
  return { ...draft, sections: moved(draft.sections, index, by) };
}

/** Moves a question up or down inside its section. */
export function moveField(draft: EditorDraft, fieldKey: string, by: -1 | 1): EditorDraft {
  return {
    ...draft,
    sections: draft.sections.map((s) => {
      const index = s.fields.findIndex((f) => f.key === fieldKey);
      return index < 0 ? s : { ...s, fields: moved(s.fields, index, by) };
    }),
  };
}

function mapSection(
  draft: EditorDraft,
  sectionKey: string,
  change: (s: EditorSection) => EditorSection,
): EditorDraft {
  return {
    ...draft,
    sections: draft.sections.map((s) => (s.key === sectionKey ? change(s) : s)),
  };
}

/**
 * The problems of `body` by path ('title', 'sections', 'sections.1.title',
 * 'sections.0.fields.2.label' …), the first message of each, as the API's 400 names them;
 * empty when the draft may be saved.
 */
export function draftProblems(body: FormBody): Record<string, string> {
  const result = formBodySchema.safeParse(body);
  if (result.success) return {};
  const problems: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join(".") || "_";
    problems[key] ??= issue.message;
  }
  return problems;
}

/** Whether two bodies are the same draft (what Save and Publish compare). */
export function sameBody(a: FormBody, b: FormBody): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
