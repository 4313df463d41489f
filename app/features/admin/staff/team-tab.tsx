/**
 * Team Members (admin spec §2): a card per member — name, role, department, email, hourly rate
 * (managers only), status badge, Edit and Remove (managers only, Remove confirmed by name).
 * A card opens the member's detail.
 */
import { Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Badge, type BadgeTone } from "#app/features/admin/kit/badge.tsx";
import { adminButton } from "#app/features/admin/kit/buttons.ts";
import { ConfirmDialog } from "#app/features/admin/kit/confirm-dialog.tsx";
import { EmptyState } from "#app/features/admin/kit/empty-state.tsx";
import { serverMessageOr, useAdminMutation } from "#app/features/admin/kit/use-admin-mutation.ts";
import { apiRequest } from "#app/lib/api.ts";
import { formatNairaExact } from "#common/money.ts";
import type { StaffMember } from "#common/staff.ts";
import { StaffDialog } from "./staff-dialog.tsx";
import { fullName, label, staffHref } from "./staff-format.ts";

export const STATUS_TONE: Record<string, BadgeTone> = {
  active: "green",
  inactive: "amber",
  archived: "gray",
};

export function TeamTab({ members, canManage }: { members: StaffMember[]; canManage: boolean }) {
  const [editing, setEditing] = useState<StaffMember | null>(null);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<StaffMember | null>(null);
  const remove = useAdminMutation({
    success: { title: "Staff member removed successfully!" },
    failureTitle: "Failed to remove staff member",
    failure: serverMessageOr("Failed to remove staff member"),
    onSuccess: () => setRemoving(null),
  });

  return (
    <section aria-labelledby="team-heading">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id="team-heading" className="text-lg font-semibold">
          Team Members <span className="text-sm font-normal text-gray-700">({members.length})</span>
        </h2>
        {canManage && (
          <button type="button" className={adminButton.primary} onClick={() => setAdding(true)}>
            <Plus className="h-4 w-4" aria-hidden />
            Add Staff Member
          </button>
        )}
      </div>
      {members.length === 0 ? (
        <EmptyState>No staff members yet. Add your first team member to get started.</EmptyState>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {members.map((m) => (
            <li
              key={m.id}
              className="relative flex flex-col gap-2 rounded-lg border border-gray-200 bg-white p-4 shadow-sm focus-within:ring-2 focus-within:ring-brand-700 hover:border-brand-300"
            >
              <div className="flex items-start justify-between gap-2">
                <h3 className="font-semibold text-ink">
                  <Link
                    to={staffHref({ member: m.id })}
                    className="after:absolute after:inset-0 focus:outline-none"
                  >
                    {fullName(m)}
                  </Link>
                </h3>
                <Badge tone={STATUS_TONE[m.status] ?? "gray"}>{label(m.status)}</Badge>
              </div>
              <p className="text-sm text-gray-700">
                {label(m.role)} · {label(m.department)}
              </p>
              <p className="truncate text-sm text-gray-700">{m.email}</p>
              {m.hourlyRate !== null && (
                <p className="text-sm">
                  <span className="text-gray-700">Hourly rate: </span>
                  <span className="font-medium">{formatNairaExact(Number(m.hourlyRate))}</span>
                </p>
              )}
              {canManage && (
                <div className="relative z-10 mt-auto flex gap-2 pt-2">
                  <button
                    type="button"
                    className={adminButton.outline}
                    onClick={() => setEditing(m)}
                    aria-label={`Edit ${fullName(m)}`}
                  >
                    <Pencil className="h-4 w-4" aria-hidden />
                    Edit
                  </button>
                  <button
                    type="button"
                    className={adminButton.danger}
                    onClick={() => setRemoving(m)}
                    aria-label={`Remove ${fullName(m)}`}
                  >
                    <Trash2 className="h-4 w-4" aria-hidden />
                    Remove
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <StaffDialog open={adding} onOpenChange={setAdding} member={null} />
      <StaffDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        member={editing}
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove staff member"
        description={
          removing
            ? `Are you sure you want to remove ${fullName(removing)}? This action cannot be undone.`
            : ""
        }
        confirmLabel={remove.pending ? "Removing..." : "Remove"}
        confirmDisabled={remove.pending}
        onConfirm={() => {
          if (removing) void remove.run(() => apiRequest("DELETE", `/api/staff/${removing.id}`));
        }}
      />
    </section>
  );
}
