/**
 * A treatment's aftercare template (issue 31; decision 0305), for managers (aftercare.manage),
 * opened from the service's card: the instructions, do's and don'ts (one per line), the shop's
 * home-care products recommended (a picker over the shop's products, at most 10) and the
 * follow-up message after N days. GET /api/services/{id}/aftercare (404: none yet) and PUT the
 * same URL, validated by the shared `aftercareTemplateSchema` (common/records.ts) as on the
 * server. Completing a visit of this treatment sends it with a cart link prefilled with the
 * products (server/modules/records/aftercare.ts).
 */
import { Plus, X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Badge } from "#app/features/admin/kit/badge.tsx";
import { adminButton } from "#app/features/admin/kit/buttons.ts";
import { TextAreaField, TextField } from "#app/features/admin/kit/fields.tsx";
import { FormDialog } from "#app/features/admin/kit/form-dialog.tsx";
import { serverMessageOr, useAdminMutation } from "#app/features/admin/kit/use-admin-mutation.ts";
import { ApiError, apiFieldErrors, apiRequest } from "#app/lib/api.ts";
import type { PublicProduct, PublicService } from "#common/catalog.ts";
import { formatNaira } from "#common/money.ts";
import { type AftercareTemplate, aftercareTemplateSchema } from "#common/records.ts";

/** What the form holds: the lists as one line each, the days as typed. */
type Values = {
  text: string;
  dos: string;
  donts: string;
  productIds: number[];
  followUpDays: string;
  followUpText: string;
};

const EMPTY: Values = {
  text: "",
  dos: "",
  donts: "",
  productIds: [],
  followUpDays: "",
  followUpText: "",
};
const MAX_PRODUCTS = 10;

const lines = (text: string) =>
  text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);

function valuesOf(t: AftercareTemplate): Values {
  return {
    text: t.text,
    dos: t.dos.join("\n"),
    donts: t.donts.join("\n"),
    productIds: t.productIds,
    followUpDays: t.followUpDays === null ? "" : String(t.followUpDays),
    followUpText: t.followUpText ?? "",
  };
}

/** The PUT body, before the schema: days as a number (or null), lists split into lines. */
function payloadOf(v: Values) {
  const days = v.followUpDays.trim();
  return {
    text: v.text,
    dos: lines(v.dos),
    donts: lines(v.donts),
    productIds: v.productIds,
    followUpDays: days === "" ? null : Number(days),
    followUpText: v.followUpText,
  };
}

/** The schema's (or the server's) messages by form field: 'dos.3' → 'dos', 'Line 4: …'. */
function errorsOf(fields: Record<string, string>): Partial<Record<keyof Values, string>> {
  const out: Partial<Record<keyof Values, string>> = {};
  for (const [path, message] of Object.entries(fields)) {
    const [name, index] = path.split(".") as [keyof Values, string | undefined];
    if (!(name in EMPTY) || out[name]) continue;
    out[name] =
      (name === "dos" || name === "donts") && index !== undefined
        ? `Line ${Number(index) + 1}: ${message}`
        : message;
  }
  return out;
}

export function AftercareDialog({
  service,
  onClose,
}: {
  /** The treatment whose aftercare is edited; null: closed. */
  service: PublicService | null;
  onClose: () => void;
}) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [saved, setSaved] = useState<Values>(EMPTY);
  const [existing, setExisting] = useState(false);
  // The service whose template has been read (found or not): until then the dialog is loading.
  const [loadedId, setLoadedId] = useState<number | null>(null);
  const loading = service !== null && loadedId !== service.id;
  const [loadError, setLoadError] = useState<string | null>(null);
  const [products, setProducts] = useState<PublicProduct[] | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});

  useEffect(() => {
    setErrors({});
    setLoadError(null);
    if (!service) return;
    setLoadedId(null);
    setValues(EMPTY);
    setSaved(EMPTY);
    setExisting(false);
    // A late answer for a dialog closed or opened on another treatment meanwhile is dropped.
    let current = true;
    apiRequest<AftercareTemplate>("GET", `/api/services/${service.id}/aftercare`)
      .then((t) => {
        if (!current) return;
        setValues(valuesOf(t));
        setSaved(valuesOf(t));
        setExisting(true);
      })
      .catch((e) => {
        // 404: this treatment has no aftercare yet; the form starts empty.
        if (current && !(e instanceof ApiError && e.status === 404)) {
          setLoadError(
            (e instanceof ApiError && e.serverMessage) || "The aftercare could not be loaded.",
          );
        }
      })
      .finally(() => current && setLoadedId(service.id));
    return () => {
      current = false;
    };
  }, [service]);
  // The shop's products, once, when the dialog first opens (the public catalogue's list).
  const opened = service !== null;
  useEffect(() => {
    if (!opened || products) return;
    apiRequest<PublicProduct[]>("GET", "/api/products")
      .then(setProducts)
      .catch(() => setProducts([]));
  }, [opened, products]);

  const save = useAdminMutation({
    success: { title: "Aftercare saved", description: service ? service.name : undefined },
    failure: serverMessageOr("The aftercare could not be saved."),
    onSuccess: onClose,
    onError: (error) => setErrors(errorsOf(apiFieldErrors(error))),
    after: "none",
  });

  const set = <K extends keyof Values>(name: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };
  const dirty = JSON.stringify(values) !== JSON.stringify(saved);

  return (
    <FormDialog
      open={service !== null}
      onOpenChange={(open) => !open && onClose()}
      title={service ? `Aftercare: ${service.name}` : "Aftercare"}
      intro={
        <p className="mt-1 text-sm text-gray-700">
          Sent by WhatsApp and email when a visit for this treatment is completed, with a link that
          fills the client's cart with the recommended products.
          {!loading && !existing && !loadError ? " This treatment has no aftercare yet." : ""}
        </p>
      }
      className="max-w-2xl"
      formClassName="mt-4 grid gap-4"
      footerClassName="flex flex-wrap justify-end gap-2"
      dirty={dirty}
      pending={save.pending}
      submitLabel="Save aftercare"
      submitDisabled={loading || loadError !== null}
      onSubmit={(e) => {
        e.preventDefault();
        if (!service) return;
        const parsed = aftercareTemplateSchema.safeParse(payloadOf(values));
        if (!parsed.success) {
          const fields: Record<string, string> = {};
          for (const issue of parsed.error.issues) {
            fields[issue.path.join(".")] ??= issue.message;
          }
          setErrors(errorsOf(fields));
          return;
        }
        void save.run(() =>
          apiRequest("PUT", `/api/services/${service.id}/aftercare`, parsed.data),
        );
      }}
    >
      {loading && (
        <p role="status" className="text-sm text-gray-700">
          Loading...
        </p>
      )}
      {loadError && (
        <p role="alert" className="text-sm text-red-700">
          {loadError}
        </p>
      )}
      <TextAreaField
        label="Aftercare instructions"
        rows={4}
        value={values.text}
        maxLength={4000}
        error={errors.text}
        onChange={(e) => set("text", e.target.value)}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextAreaField
          label="Do's (one per line)"
          rows={4}
          value={values.dos}
          error={errors.dos}
          onChange={(e) => set("dos", e.target.value)}
        />
        <TextAreaField
          label="Don'ts (one per line)"
          rows={4}
          value={values.donts}
          error={errors.donts}
          onChange={(e) => set("donts", e.target.value)}
        />
      </div>
      <ProductPicker
        products={products}
        chosen={values.productIds}
        error={errors.productIds}
        onChange={(ids) => set("productIds", ids)}
      />
      <div className="grid gap-4 sm:grid-cols-[12rem_minmax(0,1fr)]">
        <TextField
          label="Follow-up after (days)"
          type="number"
          inputMode="numeric"
          min={1}
          max={365}
          value={values.followUpDays}
          error={errors.followUpDays}
          hint="Empty: no follow-up. E.g. 28 for a second peel in 4 weeks."
          onChange={(e) => set("followUpDays", e.target.value)}
        />
        <TextAreaField
          label="Follow-up message"
          rows={2}
          maxLength={1000}
          value={values.followUpText}
          error={errors.followUpText}
          hint="Sent at 10:00 Lagos time on the day, with a booking link."
          onChange={(e) => set("followUpText", e.target.value)}
        />
      </div>
    </FormDialog>
  );
}

/** The shop's products to recommend: chosen ones listed with Remove, the rest found by name. */
function ProductPicker({
  products,
  chosen,
  error,
  onChange,
}: {
  products: PublicProduct[] | null;
  chosen: number[];
  error?: string;
  onChange: (ids: number[]) => void;
}) {
  const [query, setQuery] = useState("");
  const searchId = useId();
  const headingId = useId();
  const byId = new Map((products ?? []).map((p) => [p.id, p]));
  const q = query.trim().toLowerCase();
  const matches = (products ?? [])
    .filter((p) => !chosen.includes(p.id))
    .filter((p) => !q || p.name.toLowerCase().includes(q) || p.category.includes(q))
    .slice(0, 8);
  const full = chosen.length >= MAX_PRODUCTS;
  return (
    <fieldset aria-labelledby={headingId} className="grid min-w-0 gap-2">
      <legend id={headingId} className="text-sm font-medium text-gray-800">
        Recommended home-care products ({chosen.length} of at most {MAX_PRODUCTS})
      </legend>
      {chosen.length === 0 ? (
        <p className="text-sm text-gray-600">No products chosen.</p>
      ) : (
        <ul aria-label="Chosen products" className="grid gap-1">
          {chosen.map((id) => {
            const p = byId.get(id);
            const name = p?.name ?? `Product ${id}`;
            return (
              <li
                key={id}
                className="flex min-w-0 flex-wrap items-center justify-between gap-2 rounded-md border border-gray-200 bg-white px-3 py-1.5 text-sm"
              >
                <span className="min-w-0 break-words text-ink">
                  {name}
                  {p && p.stock <= 0 && (
                    <span className="ml-2">
                      <Badge tone="amber">Out of stock</Badge>
                    </span>
                  )}
                </span>
                <button
                  type="button"
                  className={adminButton.outline}
                  aria-label={`Remove ${name}`}
                  onClick={() => onChange(chosen.filter((c) => c !== id))}
                >
                  <X className="h-4 w-4" aria-hidden />
                  Remove
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {error && <p className="text-sm text-red-700">{error}</p>}
      <label htmlFor={searchId} className="mt-1 text-sm font-medium text-gray-800">
        Find a product in the shop
      </label>
      <input
        id={searchId}
        type="search"
        value={query}
        disabled={full || products === null}
        placeholder={full ? "10 products chosen" : "Name or category, e.g. serum"}
        onChange={(e) => setQuery(e.target.value)}
        className="block w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-sm text-ink"
      />
      {products === null ? (
        <p className="text-sm text-gray-600">Loading the shop's products...</p>
      ) : (
        !full && (
          <ul aria-label="Products to add" className="grid gap-1">
            {matches.length === 0 && (
              <li className="text-sm text-gray-600">No product matches “{query}”.</li>
            )}
            {matches.map((p) => (
              <li
                key={p.id}
                className="flex min-w-0 flex-wrap items-center justify-between gap-2 text-sm"
              >
                <span className="min-w-0 break-words text-gray-800">
                  {p.name}{" "}
                  <span className="text-gray-600">
                    · {formatNaira(p.price)}
                    {p.stock <= 0 ? " · out of stock" : ""}
                  </span>
                </span>
                <button
                  type="button"
                  className={adminButton.outline}
                  aria-label={`Add ${p.name}`}
                  onClick={() => onChange([...chosen, p.id])}
                >
                  <Plus className="h-4 w-4" aria-hidden />
                  Add
                </button>
              </li>
            ))}
          </ul>
        )
      )}
    </fieldset>
  );
}
