/**
 * The Forms screens' reads (common/forms.ts `FormsPages`; admin area 'forms', managers only):
 * the templates with their latest versions, and one template's draft and versions. Templates
 * hold no client data.
 */
import type { FormsPages } from "#common/forms.ts";
import type { Db } from "#server/db/client.ts";
import { HttpError } from "#server/http.ts";
import { getTemplate, listTemplates } from "./templates.ts";

export function formsPages(db: Db): FormsPages {
  return {
    templates: () => listTemplates(db),
    async template(id) {
      try {
        return await getTemplate(db, id);
      } catch (err) {
        if (err instanceof HttpError && err.status === 404) return null;
        throw err;
      }
    },
  };
}
