/**
 * Service management (admin spec §2, §5, §8): category filter buttons with counts, a search,
 * service cards newest first, paging, the add/edit dialog and delete with the spec's
 * confirmation and toasts. The list state is in the URL (category, q, page); the route loader
 * asks the server for the page (server/modules/catalog/service.ts `listServicesPage`). Managers
 * also open each treatment's aftercare template from its card (aftercare-dialog.tsx, issue 31).
 */
import { clsx } from "clsx";
import { Plus } from "lucide-react";
import { useState } from "react";
import { adminButton } from "#app/features/admin/kit/buttons.ts";
import { ConfirmDialog } from "#app/features/admin/kit/confirm-dialog.tsx";
import { ListToolbar, SearchBox } from "#app/features/admin/kit/list-toolbar.tsx";
import { PageHeader } from "#app/features/admin/kit/page-header.tsx";
import { PagedList } from "#app/features/admin/kit/paged-list.tsx";
import { useAdminMutation } from "#app/features/admin/kit/use-admin-mutation.ts";
import { useCapabilities } from "#app/features/admin/kit/use-capabilities.ts";
import { useListParams } from "#app/features/admin/kit/use-list-params.ts";
import { apiRequest } from "#app/lib/api.ts";
import { type PublicService, servicePriceLabel } from "#common/catalog.ts";
import type { ServicesPage } from "#common/catalog-forms.ts";
import { AftercareDialog } from "./aftercare-dialog.tsx";
import { categoryLabel, ServiceDialog } from "./service-dialog.tsx";

function CategoryFilter({ page }: { page: ServicesPage }) {
  const { params, set } = useListParams();
  const current = params.get("category") ?? "all";
  const button = (id: string, label: string, count: number) => (
    <button
      key={id}
      type="button"
      aria-pressed={current === id}
      onClick={() => set({ category: id }, { category: "all" })}
      className={clsx(
        "rounded-full border px-3 py-1.5 text-sm",
        current === id
          ? "border-brand-700 bg-brand-700 text-white"
          : "border-gray-300 bg-white text-gray-800 hover:bg-gray-100",
      )}
    >
      {label} ({count})
    </button>
  );
  return (
    <fieldset className="mb-4 flex flex-wrap gap-2">
      <legend className="sr-only">Filter by category</legend>
      {button("all", "All", page.total)}
      {page.categories.map((c) => button(c.id, categoryLabel(c.id), c.count))}
    </fieldset>
  );
}

export function ServicesScreen({ page }: { page: ServicesPage }) {
  const [dialog, setDialog] = useState<{ open: boolean; service: PublicService | null }>({
    open: false,
    service: null,
  });
  const [deleting, setDeleting] = useState<PublicService | null>(null);
  const [aftercare, setAftercare] = useState<PublicService | null>(null);
  const can = useCapabilities();
  const remove = useAdminMutation({
    success: { title: "Service deleted successfully!" },
    failure: "Failed to delete service",
  });

  return (
    <>
      <PageHeader title="Services">
        <button
          type="button"
          className={adminButton.primary}
          onClick={() => setDialog({ open: true, service: null })}
        >
          <Plus className="h-4 w-4" aria-hidden />
          Add Service
        </button>
      </PageHeader>
      <CategoryFilter page={page} />
      <ListToolbar label="Find services">
        <SearchBox label="Search services" placeholder="Search services" />
      </ListToolbar>
      <PagedList
        page={page}
        label="Services"
        empty="No services yet. Add your first service to get started."
        noMatches="No services match your filters."
        filterParams={["q", "category"]}
      >
        {(rows) => (
          <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
            {rows.map((s) => (
              <li
                key={s.id}
                className="flex flex-col rounded-lg border border-gray-200 bg-white p-4 shadow-sm"
              >
                <h2 className="font-semibold text-ink">{s.name}</h2>
                <p className="text-xs font-medium uppercase tracking-wide text-gray-600">
                  {categoryLabel(s.category)}
                </p>
                <p className="mt-2 line-clamp-3 flex-1 text-sm text-gray-800">{s.description}</p>
                <p className="mt-3 text-sm">
                  <span className="font-semibold text-brand-800">
                    {servicePriceLabel(s) ?? (s.price === null ? "No price" : String(s.price))}
                  </span>
                  <span className="text-gray-700"> · {s.duration}</span>
                </p>
                {s.consultationFirst && (
                  <p className="mt-1 text-xs font-medium text-amber-900">
                    Needs a consultation first
                  </p>
                )}
                <div className="mt-3 flex flex-wrap gap-2">
                  <button
                    type="button"
                    className={adminButton.outline}
                    aria-label={`Edit ${s.name}`}
                    onClick={() => setDialog({ open: true, service: s })}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className={adminButton.danger}
                    aria-label={`Delete ${s.name}`}
                    disabled={remove.isPending(s.id)}
                    onClick={() => setDeleting(s)}
                  >
                    Delete
                  </button>
                  {can("aftercare.manage") && (
                    <button
                      type="button"
                      className={adminButton.outline}
                      aria-label={`Aftercare for ${s.name}`}
                      onClick={() => setAftercare(s)}
                    >
                      Aftercare
                    </button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
      <ServiceDialog
        open={dialog.open}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
        service={dialog.service}
      />
      <AftercareDialog service={aftercare} onClose={() => setAftercare(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Service"
        description="Are you sure you want to delete this service?"
        confirmLabel="Delete"
        onConfirm={() => {
          const service = deleting;
          setDeleting(null);
          if (service) {
            void remove.run(() => apiRequest("DELETE", `/api/services/${service.id}`), {
              key: service.id,
            });
          }
        }}
      />
    </>
  );
}
