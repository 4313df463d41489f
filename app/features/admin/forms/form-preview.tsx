/**
 * A form as the client will see it (issue 31), read-only: the editor's Preview shows the draft
 * with it, and a published version is viewed with it. It is the client's own renderer
 * (app/features/forms/form-view.tsx) with the controls disabled, so the two cannot drift apart.
 */
import { FormView } from "#app/features/forms/form-view.tsx";
import type { FormBody } from "#common/forms.ts";

/** `body` rendered as the client's page renders it; `versionLabel` e.g. 'Version 3'. */
export function FormPreview({ body, versionLabel }: { body: FormBody; versionLabel: string }) {
  return (
    <FormView
      body={body}
      versionLabel={versionLabel}
      className="rounded-xl border border-gray-200 bg-white p-4 sm:p-5"
    />
  );
}
