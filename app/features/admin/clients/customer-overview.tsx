/**
 * The customer dialog's Overview tab (admin spec §2 "Customer detail dialog", §5, §8): Edit/Cancel,
 * Schedule Appointment (the calendar's POST /api/appointments, so its no-overlap rule applies),
 * Export Data (JSON), Erase Data (NDPA 2023) and Delete (both confirmed); then Summary, Client
 * Details, the health record (staff only), Recent Activity and the timeline; above them the
 * possible duplicates and merges (issue 28 item 7, customer-duplicates.tsx).
 */
import { useState } from "react";
import { Link } from "react-router";
import { HealthRecordPanel } from "#app/features/admin/health/health-record.tsx";
import { Badge } from "#app/features/admin/kit/badge.tsx";
import { adminButton } from "#app/features/admin/kit/buttons.ts";
import { ConfirmDialog } from "#app/features/admin/kit/confirm-dialog.tsx";
import { serverMessageOr, useAdminMutation } from "#app/features/admin/kit/use-admin-mutation.ts";
import { useCapabilities } from "#app/features/admin/kit/use-capabilities.ts";
import { apiRequest } from "#app/lib/api.ts";
import type { CalendarStaff } from "#common/calendar.ts";
import { CLIENT_MESSAGES, type ClientDetail, deleteCustomerQuestion } from "#common/clients.ts";
import { formatLagosDayTime } from "#common/lagos-time.ts";
import { CHECKOUT_STATUSES } from "#common/sales.ts";
import { ClientDetails } from "./customer-details.tsx";
import { DuplicatesSection } from "./customer-duplicates.tsx";
import { Detail, type SaleItems } from "./customer-parts.tsx";
import { Timeline } from "./customer-timeline.tsx";
import { ScheduleDialog } from "./schedule-dialog.tsx";

export function OverviewTab({
  detail,
  onDeleted,
  saleItems,
  staff,
  canMerge,
  onOpenClient,
}: {
  detail: ClientDetail;
  onDeleted: () => void;
  saleItems: SaleItems | null;
  staff: CalendarStaff[];
  canMerge: boolean;
  onOpenClient: (id: number) => void;
}) {
  const [editing, setEditing] = useState(false);
  return (
    <div className="space-y-6">
      <CustomerActions
        detail={detail}
        editing={editing}
        onToggleEdit={() => setEditing((e) => !e)}
        onDeleted={onDeleted}
        saleItems={saleItems}
        staff={staff}
      />
      <DuplicatesSection detail={detail} canMerge={canMerge} onOpenClient={onOpenClient} />
      <Summary summary={detail.summary} />
      <ClientDetails detail={detail} editing={editing} onSaved={() => setEditing(false)} />
      <HealthRecord detail={detail} />
      <RecentActivity items={detail.recentActivity} />
      <Timeline items={detail.timeline} />
    </div>
  );
}

/** The tab's buttons and the dialogs they open (confirmations, Schedule Appointment). */
function CustomerActions({
  detail,
  editing,
  onToggleEdit,
  onDeleted,
  saleItems,
  staff,
}: {
  detail: ClientDetail;
  editing: boolean;
  onToggleEdit: () => void;
  onDeleted: () => void;
  saleItems: SaleItems | null;
  staff: CalendarStaff[];
}) {
  const { client } = detail;
  const can = useCapabilities();
  const [confirm, setConfirm] = useState<"delete" | "erase" | null>(null);
  const [scheduling, setScheduling] = useState(false);
  const remove = useAdminMutation({
    success: { title: CLIENT_MESSAGES.deleted, description: CLIENT_MESSAGES.deletedText },
    // A refusal (a stale page after a role change) shows the API's rule, not the bare failure.
    failure: serverMessageOr(CLIENT_MESSAGES.deleteFailed),
    onSuccess: onDeleted,
  });
  const erase = useAdminMutation({
    success: {
      title: "Client Data Erased",
      description: "The client's personal data has been erased.",
    },
    failure: serverMessageOr("Failed to erase client data."),
    onSuccess: onDeleted,
  });
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        {can("client.edit") && (
          <>
            <button type="button" className={adminButton.outline} onClick={onToggleEdit}>
              {editing ? "Cancel" : "Edit"}
            </button>
            <button
              type="button"
              className={adminButton.outline}
              onClick={() => setScheduling(true)}
            >
              Schedule Appointment
            </button>
          </>
        )}
        {can("client.export") && (
          <a
            className={adminButton.outline}
            href={`/api/customers/${client.id}/export`}
            download={`client-${client.id}.json`}
          >
            Export Data
          </a>
        )}
        {can("client.erase") && (
          <button type="button" className={adminButton.danger} onClick={() => setConfirm("erase")}>
            Erase Data
          </button>
        )}
        {can("client.delete") && (
          <button type="button" className={adminButton.danger} onClick={() => setConfirm("delete")}>
            Delete
          </button>
        )}
      </div>

      <ConfirmDialog
        open={confirm === "delete"}
        onOpenChange={(o) => !o && setConfirm(null)}
        title="Delete Customer"
        description={deleteCustomerQuestion(client.name)}
        confirmLabel="Delete"
        onConfirm={() => {
          setConfirm(null);
          void remove.run(() => apiRequest("DELETE", `/api/customers/${client.id}`));
        }}
      />
      <ConfirmDialog
        open={confirm === "erase"}
        onOpenChange={(o) => !o && setConfirm(null)}
        title="Erase Client Data"
        description={`Erase all personal data of ${client.name}? Their record, notes, health details, booking requests and newsletter sign-up are removed, and their details are removed from kept sales and orders. This action cannot be undone.`}
        confirmLabel="Erase Data"
        onConfirm={() => {
          setConfirm(null);
          void erase.run(() => apiRequest("POST", `/api/customers/${client.id}/erase`));
        }}
      />
      <ScheduleDialog
        open={scheduling}
        onOpenChange={setScheduling}
        client={client}
        services={saleItems?.services ?? []}
        staff={staff}
      />
    </>
  );
}

function Summary({ summary }: { summary: ClientDetail["summary"] }) {
  return (
    <section aria-labelledby="customer-summary">
      <h3 id="customer-summary" className="mb-2 text-base font-semibold text-ink">
        Summary
      </h3>
      <dl className="grid grid-cols-3 gap-3 text-center">
        {[
          ["Total Appointments", summary.total],
          ["Completed", summary.completed],
          ["Cancelled", summary.cancelled],
        ].map(([label, value]) => (
          <div key={label} className="rounded-md bg-gray-50 p-3">
            <dt className="text-xs text-gray-700">{label}</dt>
            <dd className="text-xl font-semibold text-ink">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Start Checkout on an open appointment: the till with the visit on it (issue 29). */
function CheckoutLink({ visitKey, status }: { visitKey: string; status: string }) {
  const id = /^appointment-(\d+)$/.exec(visitKey)?.[1];
  if (!id || !CHECKOUT_STATUSES.includes(status)) return null;
  return (
    <Link className={adminButton.outline} to={`/admin/sales?tab=quick-sale&checkout=${id}`}>
      Start Checkout
    </Link>
  );
}

function RecentActivity({ items }: { items: ClientDetail["recentActivity"] }) {
  return (
    <section aria-labelledby="recent-activity">
      <h3 id="recent-activity" className="mb-2 text-base font-semibold text-ink">
        Recent Activity
      </h3>
      {items.length === 0 ? (
        <p className="text-sm text-gray-700">No recent activity</p>
      ) : (
        <ul className="space-y-2">
          {items.map((v) => (
            <li
              key={v.key}
              className="flex items-center justify-between gap-2 rounded-md border border-gray-100 p-2 text-sm"
            >
              <span>
                <span className="font-medium">{v.serviceName}</span>
                <span className="block text-xs text-gray-700">{formatLagosDayTime(v.date)}</span>
              </span>
              <span className="flex items-center gap-2">
                <CheckoutLink visitKey={v.key} status={v.status} />
                <Badge
                  tone={
                    v.label === "Completed" ? "green" : v.label === "Pending" ? "amber" : "gray"
                  }
                >
                  {v.label}
                </Badge>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The health record (issue 30): the spec's skin type and emergency contact from the record, then
 * the health profile read on its own (alerts for everyone, details for clinical roles, audited).
 */
function HealthRecord({ detail }: { detail: ClientDetail }) {
  const c = detail.client;
  const rows: Array<[string, string | null]> = [
    ["Skin Type", c.skinType],
    [
      "Emergency Contact",
      [c.emergencyContact, c.emergencyPhone].filter(Boolean).join(" · ") || null,
    ],
  ];
  return (
    <section aria-labelledby="health-record">
      <h3 id="health-record" className="mb-2 text-base font-semibold text-ink">
        Health Record <span className="text-xs font-normal text-gray-600">(confidential)</span>
      </h3>
      <dl className="mb-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {rows
          .filter(([, v]) => v)
          .map(([label, value]) => (
            <Detail key={label} label={label}>
              {value}
            </Detail>
          ))}
      </dl>
      <HealthRecordPanel clientId={c.id} />
    </section>
  );
}
