/**
 * The customer dialog's Client Details section (admin spec §2 "Customer detail dialog", §5, §7):
 * the client's details and their message choices; while editing, name, email and phone →
 * PATCH /api/customers/{email}, validated by the shared `customerDetailsFormSchema` (the PATCH's
 * own fields and messages). An email change is sent as `newEmail` and moves the history.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Badge } from "#app/features/admin/kit/badge.tsx";
import { adminButton } from "#app/features/admin/kit/buttons.ts";
import { TextField } from "#app/features/admin/kit/fields.tsx";
import { serverMessageOr, useAdminMutation } from "#app/features/admin/kit/use-admin-mutation.ts";
import { apiRequest } from "#app/lib/api.ts";
import {
  CLIENT_MESSAGES,
  type ClientDetail,
  type ClientRecord,
  customerDetailsFormSchema,
} from "#common/clients.ts";
import { OPT_OUT_CHANNELS, type OptOutChoice } from "#common/consent.ts";
import { formatLagosDay } from "#common/lagos-time.ts";
import { formatNairaExact } from "#common/money.ts";
import { Detail } from "./customer-parts.tsx";

type DetailsInput = z.input<typeof customerDetailsFormSchema>;
type DetailsOutput = z.output<typeof customerDetailsFormSchema>;

const valuesOf = (client: ClientRecord): DetailsInput => ({
  name: client.name,
  email: client.email,
  phone: client.phone ?? "",
});

/** The PATCH body: name and phone, and `newEmail` only when the email changed (any case). */
function detailsPatch(values: DetailsOutput, client: ClientRecord) {
  return {
    name: values.name,
    phone: values.phone,
    ...(values.email.toLowerCase() !== client.email.toLowerCase() && { newEmail: values.email }),
  };
}

export function ClientDetails({
  detail,
  editing,
  onSaved,
}: {
  detail: ClientDetail;
  editing: boolean;
  onSaved: () => void;
}) {
  const { client } = detail;
  return (
    <section aria-labelledby="client-details">
      <h3 id="client-details" className="mb-2 text-base font-semibold text-ink">
        Client Details
      </h3>
      {editing ? (
        <ClientDetailsForm client={client} onSaved={onSaved} />
      ) : (
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          <Detail label="Name">{client.name}</Detail>
          <Detail label="Email">{client.email}</Detail>
          <Detail label="Phone">{client.phone || "Not provided"}</Detail>
          <Detail label="Last Visit">
            {client.lastVisit ? formatLagosDay(client.lastVisit) : "No visits yet"}
          </Detail>
          <Detail label="Status">
            <Badge tone="green">Active</Badge>
          </Detail>
          <Detail label="Total Spent">{formatNairaExact(Number(client.totalSpent))}</Detail>
          <Detail label="Marketing Consent">
            {client.marketingConsent
              ? `Yes${client.marketingConsentAt ? `, since ${formatLagosDay(client.marketingConsentAt)}` : ""}${client.marketingConsentSource ? ` (${client.marketingConsentSource})` : ""}`
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
  );
}

function ClientDetailsForm({ client, onSaved }: { client: ClientRecord; onSaved: () => void }) {
  const form = useForm<DetailsInput, unknown, DetailsOutput>({
    resolver: zodResolver(customerDetailsFormSchema),
    defaultValues: valuesOf(client),
  });
  // Mounted when editing starts, so each edit starts from the record as it is then.
  const { register, handleSubmit, formState } = form;
  const errors = formState.errors;
  const update = useAdminMutation<unknown, DetailsInput>({
    success: { title: CLIENT_MESSAGES.updated, description: CLIENT_MESSAGES.updatedText },
    failure: serverMessageOr(CLIENT_MESSAGES.updateFailed),
    form,
    // The server names the new email 'newEmail'.
    fieldFor: (field) =>
      field === "newEmail" ? "email" : field === "name" || field === "phone" ? field : null,
    onSuccess: onSaved,
  });
  return (
    <form
      noValidate
      className="grid gap-3 sm:grid-cols-2"
      onSubmit={handleSubmit((values) =>
        update.run(() =>
          apiRequest(
            "PATCH",
            `/api/customers/${encodeURIComponent(client.email)}`,
            detailsPatch(values, client),
          ),
        ),
      )}
    >
      <TextField label="Name" required error={errors.name?.message} {...register("name")} />
      <TextField
        label="Email"
        type="email"
        required
        error={errors.email?.message}
        {...register("email")}
      />
      <TextField label="Phone" type="tel" error={errors.phone?.message} {...register("phone")} />
      <div className="flex items-end">
        <button type="submit" className={adminButton.primary} disabled={update.pending}>
          Save Changes
        </button>
      </div>
    </form>
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
            {formatLagosDay(first.createdAt)} ({SOURCE_LABEL[first.source] ?? first.source})
          </li>
        );
      })}
    </ul>
  );
}
