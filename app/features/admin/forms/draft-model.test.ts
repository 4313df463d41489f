/**
 * The form editor's working copy (draft-model.ts): a round trip keeps the body, a new question's
 * answer id follows its label until the id is edited, moves stay inside their list, and the
 * draft's problems come by the same paths the API's 400 uses.
 */
import { describe, expect, it } from "vitest";
import type { FormBody } from "#common/forms.ts";
import {
  addField,
  addSection,
  answerIdFrom,
  draftProblems,
  moved,
  moveField,
  removeField,
  sameBody,
  toBody,
  toEditor,
  updateField,
} from "./draft-model.ts";

const BODY: FormBody = {
  title: "Peel consent",
  intro: "",
  sections: [
    {
      title: "Risks",
      fields: [
        { id: "risks", type: "info", label: "Risks", help: "Redness for a day." },
        { id: "photo_consent", type: "checkbox", label: "Photos", consentFlag: "photography" },
      ],
    },
  ],
};

describe("the form editor's draft", () => {
  it("gives back the same body", () => {
    expect(toBody(toEditor(BODY))).toEqual(BODY);
    expect(sameBody(toBody(toEditor(BODY)), BODY)).toBe(true);
  });

  it("makes a new question's answer id from its label until the id is edited", () => {
    let draft = toEditor(BODY);
    const section = draft.sections[0]?.key as string;
    draft = addField(draft, section);
    const added = draft.sections[0]?.fields[2];
    expect(added).toMatchObject({ type: "yesno", label: "", autoId: true });
    draft = updateField(draft, added?.key as string, { label: "Are you taking Roaccutane?" });
    expect(draft.sections[0]?.fields[2]?.id).toBe("are_you_taking_roaccutane");
    draft = updateField(draft, added?.key as string, { id: "roaccutane" });
    draft = updateField(draft, added?.key as string, { label: "Roaccutane in the last 6 months?" });
    expect(draft.sections[0]?.fields[2]?.id).toBe("roaccutane");
    // A field that existed keeps its id whatever its label becomes.
    const risks = draft.sections[0]?.fields[0]?.key as string;
    draft = updateField(draft, risks, { label: "Side effects" });
    expect(draft.sections[0]?.fields[0]?.id).toBe("risks");
  });

  it("never repeats an answer id it makes", () => {
    expect(answerIdFrom("Risks", new Set(["risks", "risks_2"]))).toBe("risks_3");
    expect(answerIdFrom("  2 — Pregnant? ", new Set())).toBe("pregnant");
    expect(answerIdFrom("???", new Set())).toBe("question");
  });

  it("moves within a list and not past its ends", () => {
    expect(moved(["a", "b", "c"], 0, -1)).toEqual(["a", "b", "c"]);
    expect(moved(["a", "b", "c"], 0, 1)).toEqual(["b", "a", "c"]);
    expect(moved(["a", "b", "c"], 2, 1)).toEqual(["a", "b", "c"]);
    const draft = toEditor(BODY);
    const second = draft.sections[0]?.fields[1]?.key as string;
    expect(toBody(moveField(draft, second, -1)).sections[0]?.fields.map((f) => f.id)).toEqual([
      "photo_consent",
      "risks",
    ]);
  });

  it("reports problems by the API's paths", () => {
    let draft = addSection(toEditor({ ...BODY, title: "" }));
    const empty = draft.sections[1]?.fields[0]?.key as string;
    expect(draftProblems(toBody(draft))).toMatchObject({
      title: "Please enter a title",
      "sections.1.title": "Please enter a section title",
      "sections.1.fields.0.label": "Please enter a label",
    });
    draft = removeField(draft, empty);
    expect(Object.keys(draftProblems(toBody(draft)))).toContain("sections.1.fields");
    expect(draftProblems(BODY)).toEqual({});
  });
});
