/**
 * Forms (issue 31; decision 0304), for managers: the intake and the consent form of each
 * treatment category, each with its published version and whether its draft has changes to
 * publish; Edit opens the template's editor (/admin/forms/{id}).
 */
import { Link } from "react-router";
import { Badge } from "#app/features/admin/kit/badge.tsx";
import { adminButton } from "#app/features/admin/kit/buttons.ts";
import { PageHeader } from "#app/features/admin/kit/page-header.tsx";
import type { FormTemplateSummary } from "#common/forms.ts";
import { formatLagosDay } from "#common/lagos-time.ts";

/** 'Intake' or 'Consent · Laser Treatments'. */
export function templateKindLabel(t: Pick<FormTemplateSummary, "kind" | "categoryName">): string {
  return t.kind === "intake" ? "Intake (every client)" : `Consent · ${t.categoryName ?? ""}`;
}

export function FormsScreen({ templates }: { templates: FormTemplateSummary[] }) {
  return (
    <>
      <PageHeader title="Forms" />
      <p className="mb-4 max-w-3xl text-sm text-gray-700">
        Clients sign the intake before their first visit and a treatment category's consent before
        its treatments. Edit a form's draft and preview it; publishing makes a new version.
        Published versions never change: each signed form shows the exact version signed.
      </p>
      {templates.length === 0 ? (
        <p className="text-sm text-gray-700">No forms yet.</p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3" aria-label="Form templates">
          {templates.map((t) => (
            <li
              key={t.id}
              className="flex min-w-0 flex-col gap-2 rounded-lg border border-gray-200 bg-white p-4 shadow-sm"
            >
              <h2 className="break-words font-semibold text-ink">{t.title}</h2>
              <p className="text-xs font-medium uppercase tracking-wide text-gray-600">
                {templateKindLabel(t)}
              </p>
              <p className="flex flex-wrap items-center gap-2 text-sm text-gray-800">
                {t.version === null ? (
                  <Badge tone="amber">Not published</Badge>
                ) : (
                  <span>
                    Version {t.version}
                    {t.publishedAt ? `, published ${formatLagosDay(t.publishedAt)}` : ""}
                  </span>
                )}
                {t.draftChanged && t.version !== null && (
                  <Badge tone="amber">Draft changes not published</Badge>
                )}
              </p>
              <div className="mt-auto pt-1">
                <Link
                  to={`/admin/forms/${t.id}`}
                  className={adminButton.outline}
                  aria-label={`Edit ${t.title}`}
                >
                  Edit
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
