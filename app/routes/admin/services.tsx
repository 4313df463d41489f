import { clsx } from "clsx";
import { Plus } from "lucide-react";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { useToast } from "#app/components/ui/toast.tsx";
import { categoryLabel, ServiceDialog } from "#app/features/admin/catalog/service-dialog.tsx";
import { adminButton, ConfirmDialog, EmptyState, PageHeader } from "#app/features/admin/ui.tsx";
import { adminPagesOf } from "#app/lib/admin-gate.ts";
import { apiRequest } from "#app/lib/api.ts";
import { type PublicService, servicePriceLabel } from "#common/catalog.ts";
import type { Route } from "./+types/services";

export async function loader({ context }: Route.LoaderArgs) {
  return { services: await adminPagesOf(context).catalog.services() };
}

/** /admin/services: service management (admin spec §2, §5, §8). */
export default function AdminServices({ loaderData }: Route.ComponentProps) {
  const { services } = loaderData;
  const toast = useToast();
  const revalidator = useRevalidator();
  const [category, setCategory] = useState("all");
  const [dialog, setDialog] = useState<{ open: boolean; service: PublicService | null }>({
    open: false,
    service: null,
  });
  const [deleting, setDeleting] = useState<PublicService | null>(null);

  const counts = new Map<string, number>();
  for (const s of services) counts.set(s.category, (counts.get(s.category) ?? 0) + 1);
  const shown = category === "all" ? services : services.filter((s) => s.category === category);

  async function remove(service: PublicService) {
    setDeleting(null);
    try {
      await apiRequest("DELETE", `/api/services/${service.id}`);
      toast({ title: "Service deleted successfully!" });
      await revalidator.revalidate();
    } catch {
      toast({ title: "Error", description: "Failed to delete service", variant: "destructive" });
    }
  }

  const filterButton = (id: string, label: string, count: number) => (
    <button
      key={id}
      type="button"
      aria-pressed={category === id}
      onClick={() => setCategory(id)}
      className={clsx(
        "rounded-full border px-3 py-1.5 text-sm",
        category === id
          ? "border-brand-700 bg-brand-700 text-white"
          : "border-gray-300 bg-white text-gray-800 hover:bg-gray-100",
      )}
    >
      {label} ({count})
    </button>
  );

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
      <fieldset className="mb-4 flex flex-wrap gap-2">
        <legend className="sr-only">Filter by category</legend>
        {filterButton("all", "All", services.length)}
        {[...counts.entries()].map(([id, n]) => filterButton(id, categoryLabel(id), n))}
      </fieldset>
      {shown.length === 0 ? (
        <EmptyState>No services yet. Add your first service to get started.</EmptyState>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
          {shown.map((s) => (
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
              <div className="mt-3 flex gap-2">
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
                  onClick={() => setDeleting(s)}
                >
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ServiceDialog
        open={dialog.open}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
        service={dialog.service}
        onSaved={() => void revalidator.revalidate()}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Service"
        description="Are you sure you want to delete this service?"
        confirmLabel="Delete"
        onConfirm={() => deleting && void remove(deleting)}
      />
    </>
  );
}
