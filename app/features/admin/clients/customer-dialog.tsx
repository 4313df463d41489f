/**
 * The customer detail dialog (admin spec §2 "Customer detail dialog", §5, §8): on the left the
 * initial avatar, name, email and the tabs Overview, Sales (with its count), Reviews and Notes.
 * Overview: Edit/Cancel, Delete (confirmed), Summary, Client Details (name, email and phone
 * editable; an email change moves the history), Recent Activity, the health record (staff only)
 * and the timeline; Schedule Appointment (the calendar's POST /api/appointments, so its
 * no-overlap rule applies), Export Data (JSON) and Erase Data (NDPA 2023).
 */
import { Tabs } from "radix-ui";
import { useEffect, useState } from "react";
import {
  DialogContent,
  DialogDescription,
  DialogRoot,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import { Badge } from "#app/features/admin/kit/badge.tsx";
import { adminButton } from "#app/features/admin/kit/buttons.ts";
import { ConfirmDialog } from "#app/features/admin/kit/confirm-dialog.tsx";
import { TextField } from "#app/features/admin/kit/fields.tsx";
import { serverMessageOr, useAdminMutation } from "#app/features/admin/kit/use-admin-mutation.ts";
import { apiRequest } from "#app/lib/api.ts";
import type { CalendarStaff } from "#common/calendar.ts";
import {
  CLIENT_MESSAGES,
  type ClientDetail,
  type ClientsPages,
  type CustomerNote,
  deleteCustomerQuestion,
  type TimelineItem,
} from "#common/clients.ts";
import { OPT_OUT_CHANNELS, type OptOutChoice } from "#common/consent.ts";
import { formatNairaExact } from "#common/money.ts";
import { formatLagosDate, formatLagosDateTime24 } from "./format.ts";
import { RecordSaleDialog } from "./record-sale-dialog.tsx";
import { ScheduleDialog } from "./schedule-dialog.tsx";

type SaleItems = Awaited<ReturnType<ClientsPages["saleItems"]>>;

const tabClass =
  "rounded-md px-3 py-2 text-left text-sm font-medium text-gray-700 hover:bg-gray-100 data-[state=active]:bg-brand-100 data-[state=active]:text-brand-900";

export function CustomerDialog({
  open,
  onClose,
  detail,
  missing,
  saleItems,
  staff,
}: {
  open: boolean;
  onClose: () => void;
  /** The client's data; null while it loads. */
  detail: ClientDetail | null;
  /** The id names no client (deleted meanwhile, or a bad link). */
  missing: boolean;
  saleItems: SaleItems | null;
  staff: CalendarStaff[];
}) {
  const [tab, setTab] = useState("overview");
  useEffect(() => {
    if (!open) setTab("overview");
  }, [open]);
  const client = detail?.client;
  return (
    <DialogRoot open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-5xl! p-0!">
        {!detail ? (
          <div className="p-8">
            <DialogTitle className="text-lg font-semibold text-ink">
              {missing ? "Customer not found" : "Loading customer…"}
            </DialogTitle>
            <DialogDescription className="mt-2 text-sm text-gray-700">
              {missing
                ? "This customer no longer exists. They may have been deleted."
                : "Please wait."}
            </DialogDescription>
          </div>
        ) : (
          <Tabs.Root
            value={tab}
            onValueChange={setTab}
            orientation="vertical"
            className="grid md:grid-cols-[15rem_minmax(0,1fr)]"
          >
            <div className="border-b border-gray-200 bg-gray-50 p-5 md:border-b-0 md:border-r">
              <div
                aria-hidden
                className="flex h-14 w-14 items-center justify-center rounded-full bg-brand-700 text-xl font-semibold text-white"
              >
                {(client?.name ?? "?").charAt(0).toUpperCase()}
              </div>
              <DialogTitle className="mt-3 break-words text-lg font-semibold text-ink">
                {client?.name}
              </DialogTitle>
              <DialogDescription className="break-all text-sm text-gray-700">
                {client?.email}
              </DialogDescription>
              <Tabs.List
                aria-label="Customer details"
                className="mt-4 flex flex-wrap gap-1 md:flex-col"
              >
                <Tabs.Trigger value="overview" className={tabClass}>
                  Overview
                </Tabs.Trigger>
                <Tabs.Trigger value="sales" className={tabClass}>
                  Sales{" "}
                  <span className="ml-1 rounded-full bg-white px-2 text-xs text-gray-800">
                    {detail.sales.length}
                  </span>
                </Tabs.Trigger>
                <Tabs.Trigger value="reviews" className={tabClass}>
                  Reviews
                </Tabs.Trigger>
                <Tabs.Trigger value="notes" className={tabClass}>
                  Notes
                </Tabs.Trigger>
              </Tabs.List>
            </div>
            <div className="min-w-0 p-5 sm:p-6">
              <Tabs.Content value="overview">
                <OverviewTab
                  detail={detail}
                  onDeleted={onClose}
                  saleItems={saleItems}
                  staff={staff}
                />
              </Tabs.Content>
              <Tabs.Content value="sales">
                <SalesTab detail={detail} saleItems={saleItems} />
              </Tabs.Content>
              <Tabs.Content value="reviews">
                <ReviewsTab detail={detail} />
              </Tabs.Content>
              <Tabs.Content value="notes">
                <NotesTab email={detail.client.email} note={detail.notes} />
              </Tabs.Content>
            </div>
          </Tabs.Root>
        )}
      </DialogContent>
    </DialogRoot>
  );
}

function SectionTitle({ children }: { children: string }) {
  return <h3 className="mb-2 text-base font-semibold text-ink">{children}</h3>;
}

function OverviewTab({
  detail,
  onDeleted,
  saleItems,
  staff,
}: {
  detail: ClientDetail;
  onDeleted: () => void;
  saleItems: SaleItems | null;
  staff: CalendarStaff[];
}) {
  const { client, summary, recentActivity, timeline } = detail;
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState({
    name: client.name,
    email: client.email,
    phone: client.phone ?? "",
  });
  const [confirm, setConfirm] = useState<"delete" | "erase" | null>(null);
  const [scheduling, setScheduling] = useState(false);
  // A fresh record (after a save elsewhere) resets the form when not editing.
  useEffect(() => {
    if (!editing) setValues({ name: client.name, email: client.email, phone: client.phone ?? "" });
  }, [client, editing]);

  const update = useAdminMutation({
    success: { title: CLIENT_MESSAGES.updated, description: CLIENT_MESSAGES.updatedText },
    failure: serverMessageOr(CLIENT_MESSAGES.updateFailed),
    onSuccess: () => setEditing(false),
  });
  const remove = useAdminMutation({
    success: { title: CLIENT_MESSAGES.deleted, description: CLIENT_MESSAGES.deletedText },
    failure: CLIENT_MESSAGES.deleteFailed,
    onSuccess: onDeleted,
  });
  const erase = useAdminMutation({
    success: {
      title: "Client Data Erased",
      description: "The client's personal data has been erased.",
    },
    failure: "Failed to erase client data.",
    onSuccess: onDeleted,
  });

  function save() {
    const body: Record<string, string | null> = {
      name: values.name.trim(),
      phone: values.phone.trim() || null,
    };
    if (values.email.trim().toLowerCase() !== client.email.toLowerCase()) {
      body.newEmail = values.email.trim();
    }
    void update.run(() =>
      apiRequest("PATCH", `/api/customers/${encodeURIComponent(client.email)}`, body),
    );
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className={adminButton.outline} onClick={() => setEditing((e) => !e)}>
          {editing ? "Cancel" : "Edit"}
        </button>
        <button type="button" className={adminButton.outline} onClick={() => setScheduling(true)}>
          Schedule Appointment
        </button>
        <a
          className={adminButton.outline}
          href={`/api/customers/${client.id}/export`}
          download={`client-${client.id}.json`}
        >
          Export Data
        </a>
        <button type="button" className={adminButton.danger} onClick={() => setConfirm("erase")}>
          Erase Data
        </button>
        <button type="button" className={adminButton.danger} onClick={() => setConfirm("delete")}>
          Delete
        </button>
      </div>

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

      <section aria-labelledby="client-details">
        <h3 id="client-details" className="mb-2 text-base font-semibold text-ink">
          Client Details
        </h3>
        {editing ? (
          <form
            className="grid gap-3 sm:grid-cols-2"
            onSubmit={(e) => {
              e.preventDefault();
              save();
            }}
          >
            <TextField
              label="Name"
              value={values.name}
              required
              onChange={(e) => setValues((v) => ({ ...v, name: e.target.value }))}
            />
            <TextField
              label="Email"
              type="email"
              value={values.email}
              required
              onChange={(e) => setValues((v) => ({ ...v, email: e.target.value }))}
            />
            <TextField
              label="Phone"
              type="tel"
              value={values.phone}
              onChange={(e) => setValues((v) => ({ ...v, phone: e.target.value }))}
            />
            <div className="flex items-end">
              <button type="submit" className={adminButton.primary} disabled={update.pending}>
                Save Changes
              </button>
            </div>
          </form>
        ) : (
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
            <Detail label="Name">{client.name}</Detail>
            <Detail label="Email">{client.email}</Detail>
            <Detail label="Phone">{client.phone || "Not provided"}</Detail>
            <Detail label="Last Visit">
              {client.lastVisit ? formatLagosDate(client.lastVisit) : "No visits yet"}
            </Detail>
            <Detail label="Status">
              <Badge tone="green">Active</Badge>
            </Detail>
            <Detail label="Total Spent">{formatNairaExact(Number(client.totalSpent))}</Detail>
            <Detail label="Marketing Consent">
              {client.marketingConsent
                ? `Yes${client.marketingConsentAt ? `, since ${formatLagosDate(client.marketingConsentAt)}` : ""}${client.marketingConsentSource ? ` (${client.marketingConsentSource})` : ""}`
                : "No"}
            </Detail>
            <Detail label="Reminders and Offers">
              <OptOutSummary choices={detail.optOuts} />
            </Detail>
            {client.address && (
              <Detail label="Address">
                {[client.address, client.city, client.state].filter(Boolean).join(", ")}
              </Detail>
            )}
          </dl>
        )}
      </section>

      <HealthRecord detail={detail} />

      <section aria-labelledby="recent-activity">
        <h3 id="recent-activity" className="mb-2 text-base font-semibold text-ink">
          Recent Activity
        </h3>
        {recentActivity.length === 0 ? (
          <p className="text-sm text-gray-700">No recent activity</p>
        ) : (
          <ul className="space-y-2">
            {recentActivity.map((v) => (
              <li
                key={v.key}
                className="flex items-center justify-between gap-2 rounded-md border border-gray-100 p-2 text-sm"
              >
                <span>
                  <span className="font-medium">{v.serviceName}</span>
                  <span className="block text-xs text-gray-700">
                    {formatLagosDateTime24(v.date)}
                  </span>
                </span>
                <Badge
                  tone={
                    v.label === "Completed" ? "green" : v.label === "Pending" ? "amber" : "gray"
                  }
                >
                  {v.label}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </section>

      <Timeline items={timeline} />

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
    </div>
  );
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium text-gray-700">{label}</dt>
      <dd className="break-words text-ink">{children}</dd>
    </div>
  );
}

/** The health record: shown to signed-in staff only (this dialog is behind the admin gate). */
function HealthRecord({ detail }: { detail: ClientDetail }) {
  const c = detail.client;
  const rows: Array<[string, string | null]> = [
    ["Skin Type", c.skinType],
    ["Allergies", c.allergies],
    ["Medical Conditions", c.medicalConditions],
    [
      "Emergency Contact",
      [c.emergencyContact, c.emergencyPhone].filter(Boolean).join(" · ") || null,
    ],
  ];
  if (rows.every(([, v]) => !v)) return null;
  return (
    <section aria-labelledby="health-record">
      <h3 id="health-record" className="mb-2 text-base font-semibold text-ink">
        Health Record <span className="text-xs font-normal text-gray-600">(confidential)</span>
      </h3>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {rows
          .filter(([, v]) => v)
          .map(([label, value]) => (
            <Detail key={label} label={label}>
              {value}
            </Detail>
          ))}
      </dl>
    </section>
  );
}

const CHANNEL_LABEL = { email: "Email", whatsapp: "WhatsApp" } as const;
const SCOPE_LABEL = {
  reminders: "reminders",
  marketing: "offers",
  all: "all but their own bookings and orders",
} as const;
const SOURCE_LABEL: Record<string, string> = {
  "whatsapp-stop": "replied STOP",
  "email-unsubscribe": "unsubscribe link",
  admin: "staff",
};

/**
 * The client's choices (issue 17): per channel what they opted out of, since when (Lagos date)
 * and how; 'Receiving' when nothing was asked. Transactional messages always go.
 */
function OptOutSummary({ choices }: { choices: OptOutChoice[] }) {
  if (choices.length === 0) return <>Receiving on email and WhatsApp</>;
  const channels = OPT_OUT_CHANNELS.map((channel) => {
    const rows = choices.filter((c) => c.channel === channel);
    return { channel, rows };
  }).filter((c) => c.rows.length > 0);
  return (
    <ul>
      {channels.map(({ channel, rows }) => {
        const first = rows[0] as OptOutChoice;
        return (
          <li key={channel}>
            {CHANNEL_LABEL[channel]}: no {rows.map((r) => SCOPE_LABEL[r.scope]).join(" or ")} since{" "}
            {formatLagosDate(first.createdAt)} ({SOURCE_LABEL[first.source] ?? first.source})
          </li>
        );
      })}
    </ul>
  );
}

const TIMELINE_LABEL: Record<TimelineItem["kind"], string> = {
  visit: "Visit",
  sale: "Sale",
  order: "Shop order",
  review: "Review",
  note: "Note",
  message: "Message",
};

/** Visits, sales, shop orders, reviews, notes and messages in one list, newest first. */
function Timeline({ items }: { items: TimelineItem[] }) {
  return (
    <section aria-labelledby="client-timeline">
      <h3 id="client-timeline" className="mb-2 text-base font-semibold text-ink">
        Timeline
      </h3>
      {items.length === 0 ? (
        <p className="text-sm text-gray-700">Nothing yet</p>
      ) : (
        <ol className="space-y-2 border-l-2 border-brand-100 pl-4">
          {items.map((i) => (
            <li key={i.key} className="text-sm">
              <span className="text-xs text-gray-600">
                {formatLagosDateTime24(i.at)} · {TIMELINE_LABEL[i.kind]}
              </span>
              <span className="block font-medium text-ink">{i.title}</span>
              <span className="block text-gray-700">{i.detail}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

const METHOD_LABEL: Record<string, string> = {
  cash: "Cash",
  card: "Card",
  transfer: "Bank Transfer",
  online: "Online Payment",
  split: "Split",
};

function SalesTab({ detail, saleItems }: { detail: ClientDetail; saleItems: SaleItems | null }) {
  const [recording, setRecording] = useState(false);
  const { sales, salesSummary } = detail;
  return (
    <div className="space-y-6">
      <div className="flex items-center justify-between gap-2">
        <SectionTitle>Sales</SectionTitle>
        <button type="button" className={adminButton.primary} onClick={() => setRecording(true)}>
          Record Sale
        </button>
      </div>
      {sales.length === 0 ? (
        <div className="rounded-lg border border-dashed border-gray-300 p-8 text-center">
          <p className="font-semibold text-ink">No sales found</p>
          <p className="text-sm text-gray-700">This customer hasn't made any purchases yet</p>
        </div>
      ) : (
        <ul className="space-y-2">
          {sales.map((s) => (
            <li
              key={s.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-gray-100 p-3 text-sm"
            >
              <div>
                <p className="font-medium text-ink">{s.itemName}</p>
                <p className="text-xs text-gray-700">
                  {s.type === "product" ? "Product" : "Service"} · Qty {s.quantity} ·{" "}
                  {formatLagosDate(s.saleDate)} · {METHOD_LABEL[s.paymentMethod] ?? s.paymentMethod}
                </p>
              </div>
              <div className="flex items-center gap-2">
                <span className="font-semibold">{formatNairaExact(Number(s.totalAmount))}</span>
                <Badge
                  tone={
                    s.status === "completed" ? "green" : s.status === "refunded" ? "amber" : "gray"
                  }
                >
                  {s.status}
                </Badge>
              </div>
            </li>
          ))}
        </ul>
      )}
      <section aria-labelledby="sales-summary" className="rounded-lg bg-gray-50 p-4">
        <h3 id="sales-summary" className="mb-2 text-base font-semibold text-ink">
          Sales Summary
        </h3>
        <dl className="grid grid-cols-3 gap-3 text-sm">
          <div>
            <dt className="text-gray-700">Total Spent</dt>
            <dd className="text-lg font-semibold text-ink">
              {formatNairaExact(salesSummary.totalSpent)}
            </dd>
          </div>
          <div>
            <dt className="text-gray-700">Total Orders</dt>
            <dd className="text-lg font-semibold text-ink">{salesSummary.totalOrders}</dd>
          </div>
          <div>
            <dt className="text-gray-700">Average Order</dt>
            <dd className="text-lg font-semibold text-ink">
              {formatNairaExact(salesSummary.averageOrder)}
            </dd>
          </div>
        </dl>
      </section>
      <RecordSaleDialog
        open={recording}
        onOpenChange={setRecording}
        client={detail.client}
        items={saleItems}
      />
    </div>
  );
}

function Stars({ rating }: { rating: number }) {
  return (
    <span role="img" aria-label={`${rating} out of 5 stars`} className="text-amber-600">
      {"★".repeat(rating)}
      <span className="text-gray-300">{"★".repeat(5 - rating)}</span>
    </span>
  );
}

function ReviewsTab({ detail }: { detail: ClientDetail }) {
  return (
    <div>
      <SectionTitle>Reviews</SectionTitle>
      {detail.reviews.length === 0 ? (
        <p className="text-sm text-gray-700">No reviews yet</p>
      ) : (
        <ul className="space-y-3">
          {detail.reviews.map((r) => (
            <li key={r.id} className="rounded-md border border-gray-100 p-3 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <Stars rating={r.rating} />
                <span className="text-xs text-gray-700">{formatLagosDate(r.createdAt)}</span>
              </div>
              <p className="mt-1 font-medium text-ink">{r.serviceName}</p>
              {r.reviewText && <p className="mt-1 text-gray-800">{r.reviewText}</p>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function NotesTab({ email, note }: { email: string; note: CustomerNote }) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(note.notes);
  useEffect(() => {
    if (!editing) setText(note.notes);
  }, [note, editing]);
  const save = useAdminMutation<CustomerNote>({
    success: { title: CLIENT_MESSAGES.notesUpdated, description: CLIENT_MESSAGES.notesUpdatedText },
    failure: CLIENT_MESSAGES.notesFailed,
    onSuccess: () => setEditing(false),
  });
  return (
    <div className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <SectionTitle>Notes</SectionTitle>
        {!editing && (
          <button type="button" className={adminButton.outline} onClick={() => setEditing(true)}>
            Edit Notes
          </button>
        )}
      </div>
      {editing ? (
        <form
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            void save.run(() =>
              apiRequest<CustomerNote>("PUT", `/api/customer-notes/${encodeURIComponent(email)}`, {
                notes: text.trim(),
              }),
            );
          }}
        >
          <label htmlFor="customer-notes" className="sr-only">
            Customer notes
          </label>
          <textarea
            id="customer-notes"
            rows={8}
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="Add notes about this customer…"
            className="block w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-sm"
          />
          <div className="flex justify-end gap-2">
            <button
              type="button"
              className={adminButton.outline}
              onClick={() => setEditing(false)}
              disabled={save.pending}
            >
              Cancel
            </button>
            <button type="submit" className={adminButton.primary} disabled={save.pending}>
              {save.pending ? "Saving..." : "Save Notes"}
            </button>
          </div>
        </form>
      ) : note.notes ? (
        <p className="whitespace-pre-wrap rounded-md bg-gray-50 p-3 text-sm text-ink">
          {note.notes}
        </p>
      ) : (
        <p className="text-sm text-gray-700">No notes added yet</p>
      )}
      {note.updatedAt && (
        <p className="text-xs text-gray-600">
          Last updated: {formatLagosDateTime24(note.updatedAt)}
        </p>
      )}
    </div>
  );
}
