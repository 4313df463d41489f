/**
 * The day close per tender (issue 29; docs/decisions/0230-the-day-closes-per-tender-and-locks.md), under Daily Sales: each tender's
 * expected, counted or matched figure and variance (cash, card on the POS terminal, bank
 * transfer, Paystack online); the drawer with its opening float, pay-ins and pay-outs (recorded
 * during the day, with a reason) and a count by note (₦1,000 / ₦500 / ₦200 / ₦100 / ₦50 and
 * coins) that gives the counted cash; Paystack's payments matched by reference with their fees,
 * net and settlement. Closing locks the day; a manager may reopen it (capability day.reopen).
 * Cards and lists, no wide tables: usable at 375 px without sideways scrolling.
 */
import { useEffect, useState } from "react";
import { Badge, type BadgeTone } from "#app/features/admin/kit/badge.tsx";
import { adminButton } from "#app/features/admin/kit/buttons.ts";
import { ConfirmDialog } from "#app/features/admin/kit/confirm-dialog.tsx";
import { SelectField, TextField } from "#app/features/admin/kit/fields.tsx";
import { serverMessageOr, useAdminMutation } from "#app/features/admin/kit/use-admin-mutation.ts";
import { useCapabilities } from "#app/features/admin/kit/use-capabilities.ts";
import { apiRequest } from "#app/lib/api.ts";
import { lagosDateTime } from "#common/lagos-time.ts";
import { formatNairaWithKobo, koboToNaira } from "#common/money.ts";
import {
  CASH_MOVEMENT_LABELS,
  CASH_NOTES,
  type CashCount,
  type CashMovementKind,
  type CloseSheet,
  cashCountKobo,
  type DailySales,
  type DayClose,
  DEPOSIT_MOVEMENT_LABELS,
  type DepositDay,
  longDayLabel,
  type PaystackMatchStatus,
  type PaystackReconciliation,
  type TenderLine,
} from "#common/sales.ts";
import { readAmount } from "./cart.ts";

const money = formatNairaWithKobo;

/** '+₦50.00 over', '-₦50.00 short', '₦0.00', or '—' when not counted. */
function signed(n: number | null): string {
  if (n === null) return "—";
  if (n === 0) return money(0);
  return n > 0 ? `+${money(n)} over` : `-${money(-n)} short`;
}

const noteLabel = (note: number) => `₦${note.toLocaleString("en-NG")} notes`;

type NoteCounts = Record<string, string>;
const EMPTY_COUNTS: NoteCounts = Object.fromEntries(CASH_NOTES.map((n) => [String(n), ""]));

/** The count as typed, read as whole notes (an unreadable box counts 0) and coins in naira. */
function countOf(counts: NoteCounts, coins: string): CashCount {
  const whole = (text: string | undefined) => {
    const n = Number((text ?? "").replace(/[,\s]/g, ""));
    return Number.isInteger(n) && n > 0 ? n : 0;
  };
  return {
    notes: {
      "1000": whole(counts["1000"]),
      "500": whole(counts["500"]),
      "200": whole(counts["200"]),
      "100": whole(counts["100"]),
      "50": whole(counts["50"]),
    },
    coins: readAmount(coins),
  };
}

/**
 * The close of `date`: reads GET /api/sales/daily/{date}/close again whenever the day's figures
 * (`daily`) change or a change is made here.
 */
export function DayCloseSection({
  date,
  today,
  daily,
}: {
  date: string;
  today: string;
  daily: DailySales;
}) {
  const [sheet, setSheet] = useState<CloseSheet | null>(null);
  const [failed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);
  const refresh = () => setVersion((v) => v + 1);
  // `daily` and `version` only trigger a fresh read: the sheet is the server's.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-read on every change of the day
  useEffect(() => {
    let live = true;
    setFailed(false);
    apiRequest<CloseSheet>("GET", `/api/sales/daily/${date}/close`)
      .then((s) => live && setSheet(s))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [date, daily, version]);

  return (
    <section
      aria-labelledby="day-close"
      className="min-w-0 rounded-lg border border-gray-200 bg-white p-4"
    >
      <h3 id="day-close" className="font-semibold text-ink">
        Day close
      </h3>
      {date > today ? (
        <p className="mt-2 text-sm text-gray-600">This day has not started yet.</p>
      ) : failed ? (
        <p className="mt-2 text-sm text-red-700">The day close could not be loaded.</p>
      ) : !sheet || sheet.date !== date ? (
        <p className="mt-2 text-sm text-gray-600">Loading the day close…</p>
      ) : sheet.close ? (
        <ClosedDay sheet={sheet} close={sheet.close} onChange={refresh} />
      ) : (
        <OpenDay sheet={sheet} onChange={refresh} />
      )}
    </section>
  );
}

/** A figure: a small caption over its value. */
function Figure({ label, value, tone }: { label: string; value: string; tone?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs uppercase tracking-wide text-gray-600">{label}</dt>
      <dd className={`break-words text-sm font-semibold ${tone ?? "text-ink"}`}>{value}</dd>
    </div>
  );
}

const varianceTone = (v: number | null) =>
  v === null || v === 0 ? undefined : v > 0 ? "text-amber-800" : "text-red-700";

/**
 * Each tender as a card: expected, counted or matched, variance; references missing. Booking
 * deposits credited at the till (issue 32) are a card of their own with nothing to count: they
 * were taken online before.
 */
function TenderCards({ tenders }: { tenders: TenderLine[] }) {
  return (
    <ul className="mt-3 grid gap-3 sm:grid-cols-2 xl:grid-cols-4" aria-label="Tenders">
      {tenders.map((t) => (
        <li
          key={t.tender}
          className="rounded-md border border-gray-200 p-3"
          aria-label={t.label}
          data-tender={t.tender}
        >
          <p className="font-medium text-ink">{t.label}</p>
          {t.tender === "deposit" ? (
            <>
              <dl className="mt-2 grid grid-cols-1 gap-2">
                <Figure label="Credited" value={money(t.expected)} />
              </dl>
              <p className="mt-2 text-xs text-gray-600">
                {t.payments} credit{t.payments === 1 ? "" : "s"} · paid online before: not in the
                drawer or on the terminal
              </p>
            </>
          ) : (
            <TenderFigures t={t} />
          )}
        </li>
      ))}
    </ul>
  );
}

/** A counted tender's figures: expected, counted or matched, variance; references missing. */
function TenderFigures({ t }: { t: TenderLine }) {
  return (
    <>
      <dl className="mt-2 grid grid-cols-3 gap-2">
        <Figure label="Expected" value={money(t.expected)} />
        <Figure
          label={t.tender === "online" ? "Matched" : "Counted"}
          value={t.counted === null ? "—" : money(t.counted)}
        />
        <Figure label="Variance" value={signed(t.variance)} tone={varianceTone(t.variance)} />
      </dl>
      <p className="mt-2 text-xs text-gray-600">
        {t.payments} payment{t.payments === 1 ? "" : "s"}
        {t.withoutReference > 0 && ` · ${t.withoutReference} without a reference`}
      </p>
    </>
  );
}

/**
 * The day's booking deposits (issue 32 "the daily close shows deposits taken, applied, refunded
 * and forfeited per tender"; decision 0296): each movement by tender as a short list, and what
 * the desk owes clients where a deposit was more than its sale.
 */
function DepositsBlock({ deposits }: { deposits: DepositDay }) {
  return (
    <section aria-labelledby="day-deposits" className="min-w-0">
      <h4 id="day-deposits" className="text-sm font-semibold text-ink">
        Booking deposits
      </h4>
      {deposits.rows.length === 0 ? (
        <p className="mt-1 text-sm text-gray-600">No deposit was taken, credited or settled.</p>
      ) : (
        <ul className="mt-2 divide-y divide-gray-100 text-sm" aria-label="Booking deposits">
          {deposits.rows.map((r) => (
            <li
              key={`${r.movement}-${r.tender}`}
              className="flex flex-wrap justify-between gap-x-3 py-1"
              data-movement={r.movement}
            >
              <span className="min-w-0 break-words">
                {DEPOSIT_MOVEMENT_LABELS[r.movement]} · {r.label}
                <span className="text-gray-600"> ({r.count})</span>
              </span>
              <span className="font-medium">{money(r.amount)}</span>
            </li>
          ))}
        </ul>
      )}
      {deposits.leftToReturn > 0 && (
        <p className="mt-2 text-sm text-amber-900">
          {money(deposits.leftToReturn)} of deposits credited today was more than the sale: the
          client's, to return.
        </p>
      )}
    </section>
  );
}

/** An open day: the drawer, the counts, Paystack, and Close Day. */
function OpenDay({ sheet, onChange }: { sheet: CloseSheet; onChange: () => void }) {
  const [counts, setCounts] = useState<NoteCounts>(EMPTY_COUNTS);
  const [coins, setCoins] = useState("");
  const [card, setCard] = useState("");
  const [transfer, setTransfer] = useState("");
  const [notes, setNotes] = useState("");
  const [confirming, setConfirming] = useState(false);
  const count = countOf(counts, coins);
  const counted = koboToNaira(cashCountKobo(count));
  const cashVariance = koboToNaira(
    Math.round(counted * 100) - Math.round(sheet.cash.expected * 100),
  );
  const typed = (text: string) => (text.trim() ? readAmount(text) : null);
  const tenders = sheet.tenders.map((t): TenderLine => {
    const c =
      t.tender === "cash"
        ? counted
        : t.tender === "card"
          ? typed(card)
          : t.tender === "transfer"
            ? typed(transfer)
            : t.counted;
    return {
      ...t,
      counted: c,
      variance: c === null ? null : koboToNaira(Math.round(c * 100) - Math.round(t.expected * 100)),
    };
  });
  const save = useAdminMutation({
    success: { title: "Day closed", description: `${longDayLabel(sheet.date)} is closed.` },
    failure: serverMessageOr("Failed to close the day"),
    onSuccess: () => {
      setConfirming(false);
      onChange();
    },
  });
  return (
    <div className="mt-3 space-y-5">
      <TenderCards tenders={tenders} />
      <CashDrawerBlock sheet={sheet} onChange={onChange} />
      <fieldset className="min-w-0">
        <legend className="text-sm font-semibold text-ink">Count the drawer</legend>
        <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {CASH_NOTES.map((note) => (
            <TextField
              key={note}
              label={noteLabel(note)}
              inputMode="numeric"
              value={counts[String(note)] ?? ""}
              onChange={(e) => setCounts({ ...counts, [String(note)]: e.target.value })}
            />
          ))}
          <TextField
            label="Coins (₦)"
            inputMode="decimal"
            value={coins}
            onChange={(e) => setCoins(e.target.value)}
          />
        </div>
        <dl className="mt-3 grid grid-cols-3 gap-2">
          <Figure label="Counted cash" value={money(counted)} />
          <Figure label="Expected cash" value={money(sheet.cash.expected)} />
          <Figure
            label="Difference"
            value={signed(cashVariance)}
            tone={varianceTone(cashVariance)}
          />
        </dl>
      </fieldset>
      <fieldset className="min-w-0">
        <legend className="text-sm font-semibold text-ink">Card and transfer</legend>
        <div className="mt-2 grid gap-3 sm:grid-cols-2">
          <TextField
            label="Card terminal total"
            inputMode="decimal"
            hint="The POS terminal's end-of-day report"
            value={card}
            onChange={(e) => setCard(e.target.value)}
          />
          <TextField
            label="Transfers on the statement"
            inputMode="decimal"
            hint="The bank statement's transfers for the day"
            value={transfer}
            onChange={(e) => setTransfer(e.target.value)}
          />
        </div>
      </fieldset>
      <PaystackBlock paystack={sheet.paystack} />
      <DepositsBlock deposits={sheet.deposits} />
      <form
        className="flex flex-wrap items-end gap-3"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setConfirming(true);
        }}
      >
        <TextField
          className="min-w-0 flex-1"
          label="Notes"
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
        />
        <button type="submit" className={adminButton.primary}>
          Close Day
        </button>
      </form>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Close the day?"
        description={`Cash counted ${money(counted)} against ${money(sheet.cash.expected)} expected (${signed(cashVariance)}). A closed day takes no sale, refund or void until a manager reopens it.`}
        confirmLabel="Close Day"
        confirmDisabled={save.pending}
        onConfirm={() =>
          save.run(() =>
            apiRequest("POST", `/api/sales/daily/${sheet.date}/close`, {
              cashCount: count,
              counted: { card: typed(card), transfer: typed(transfer) },
              notes,
            }),
          )
        }
      />
    </div>
  );
}

/** The drawer's figures and movements, and the form that records the float, a pay-in or pay-out. */
function CashDrawerBlock({ sheet, onChange }: { sheet: CloseSheet; onChange: () => void }) {
  const c = sheet.cash;
  const hasFloat = c.movements.some((m) => m.kind === "float");
  const [kind, setKind] = useState<CashMovementKind>(hasFloat ? "pay_in" : "float");
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const chosen = hasFloat && kind === "float" ? "pay_in" : kind;
  const save = useAdminMutation({
    success: {
      title: `${CASH_MOVEMENT_LABELS[chosen]} recorded`,
      description: `${money(readAmount(amount))} ${chosen === "pay_out" ? "out of" : "into"} the drawer.`,
    },
    failure: serverMessageOr("Failed to record the cash"),
    onSuccess: () => {
      setAmount("");
      setReason("");
      onChange();
    },
  });
  return (
    <div className="min-w-0">
      <h4 className="text-sm font-semibold text-ink">Cash drawer</h4>
      <dl className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
        <Figure label="Opening float" value={money(c.float)} />
        <Figure label="Cash taken" value={money(c.taken)} />
        <Figure label="Cash refunds" value={money(c.refunds)} />
        <Figure label="Pay-ins" value={money(c.payIns)} />
        <Figure label="Pay-outs" value={money(c.payOuts)} />
        <Figure label="Expected in drawer" value={money(c.expected)} />
      </dl>
      {c.movements.length > 0 && (
        <ul className="mt-3 divide-y divide-gray-100 text-sm" aria-label="Cash movements">
          {c.movements.map((m) => (
            <li key={m.id} className="flex flex-wrap justify-between gap-x-3 py-1">
              <span className="min-w-0 break-words">
                {CASH_MOVEMENT_LABELS[m.kind]}: {m.reason}
                <span className="block text-xs text-gray-600">
                  {m.by}, {lagosDateTime(m.createdAt).split(", ").pop()}
                </span>
              </span>
              <span className="font-medium">
                {m.kind === "pay_out" ? "-" : ""}
                {money(m.amount)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <form
        className="mt-3 grid gap-3 sm:grid-cols-[auto_1fr_2fr_auto] sm:items-end"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save.run(() =>
            apiRequest("POST", `/api/sales/daily/${sheet.date}/cash-movements`, {
              kind: chosen,
              amount: readAmount(amount),
              reason,
            }),
          );
        }}
      >
        <SelectField
          label="Cash in or out"
          value={chosen}
          onChange={(e) => setKind(e.target.value as CashMovementKind)}
        >
          {!hasFloat && <option value="float">{CASH_MOVEMENT_LABELS.float}</option>}
          <option value="pay_in">{CASH_MOVEMENT_LABELS.pay_in}</option>
          <option value="pay_out">{CASH_MOVEMENT_LABELS.pay_out}</option>
        </SelectField>
        <TextField
          label="Amount"
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
        <TextField
          label="Reason"
          placeholder={chosen === "float" ? "Opening float" : "e.g. Diesel for the generator"}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        <button
          type="submit"
          className={adminButton.outline}
          disabled={save.pending || !amount.trim()}
        >
          Record
        </button>
      </form>
    </div>
  );
}

const MATCH_TONE: Record<PaystackMatchStatus, BadgeTone> = {
  matched: "green",
  "amount differs": "red",
  "not at Paystack": "red",
  "not recorded here": "amber",
};

/** Paystack's payments of the day matched by reference, with fees, net and settlement. */
function PaystackBlock({ paystack: p }: { paystack: PaystackReconciliation }) {
  return (
    <div className="min-w-0">
      <h4 className="text-sm font-semibold text-ink">Paystack</h4>
      {!p.configured ? (
        <p className="mt-1 text-sm text-gray-600">
          Paystack keys are not set (test payments): there is nothing to match.
        </p>
      ) : p.error ? (
        <p className="mt-1 text-sm text-red-700">{p.error}</p>
      ) : (
        <>
          <dl className="mt-2 grid grid-cols-3 gap-2">
            <Figure label="Paid" value={money(p.amount)} />
            <Figure label="Fees" value={money(p.fees)} />
            <Figure label="Net" value={money(p.net)} />
          </dl>
          <ReversalList paystack={p} />
          {p.matches.length === 0 ? (
            <p className="mt-2 text-sm text-gray-600">No Paystack payments on this day.</p>
          ) : (
            <ul className="mt-2 space-y-2" aria-label="Paystack payments">
              {p.matches.map((m) => (
                <li key={m.reference} className="rounded-md border border-gray-200 p-2 text-sm">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="min-w-0 break-all font-mono text-xs">{m.reference}</span>
                    <Badge tone={MATCH_TONE[m.status]}>{m.status}</Badge>
                  </div>
                  <p className="mt-1 text-gray-700">
                    {m.recordedAs ?? "Not recorded here"}
                    {m.expected !== null && ` · expected ${money(m.expected)}`}
                    {m.amount !== null &&
                      ` · paid ${money(m.amount)}, fee ${money(m.fees ?? 0)}, net ${money(m.net ?? 0)}`}
                  </p>
                  {m.settlement && (
                    <p className="text-xs text-gray-600">
                      Settlement {m.settlement.id} ({m.settlement.status})
                    </p>
                  )}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}

/**
 * Paystack's refunds and chargebacks of the day, each with the sale or order it reverses and
 * whether it left the balance (taken off Paystack's figure; docs/decisions/0281).
 */
function ReversalList({ paystack: p }: { paystack: PaystackReconciliation }) {
  if (p.reversals.length === 0) return null;
  return (
    <>
      <dl className="mt-2 grid grid-cols-2 gap-2">
        <Figure label="Refunded" value={money(p.refunded)} />
        <Figure label="Chargebacks" value={money(p.chargebacks)} />
      </dl>
      <ul className="mt-2 space-y-2" aria-label="Paystack refunds and chargebacks">
        {p.reversals.map((r) => (
          <li
            key={`${r.kind}-${r.id}`}
            className="rounded-md border border-gray-200 p-2 text-sm"
            data-reversal={r.kind}
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-medium">
                {r.kind === "refund" ? "Refund" : "Chargeback"} {money(r.amount)}
              </span>
              <Badge tone={r.deducted ? "red" : "amber"}>
                {r.resolution ? `${r.status}, ${r.resolution}` : r.status}
              </Badge>
            </div>
            <p className="mt-1 min-w-0 break-all text-gray-700">
              {r.recordedAs ?? "Not recorded here"} ·{" "}
              <span className="font-mono text-xs">{r.reference}</span>
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}

/** A closed day: its figures, the count by note, Paystack; Reopen Day for a manager. */
function ClosedDay({
  sheet,
  close,
  onChange,
}: {
  sheet: CloseSheet;
  close: DayClose;
  onChange: () => void;
}) {
  const can = useCapabilities();
  const [reopening, setReopening] = useState(false);
  const [reason, setReason] = useState("");
  const save = useAdminMutation({
    success: { title: "Day reopened", description: `${longDayLabel(sheet.date)} is open again.` },
    failure: serverMessageOr("Failed to reopen the day"),
    onSuccess: () => {
      setReopening(false);
      setReason("");
      onChange();
    },
  });
  return (
    <div className="mt-3 space-y-5">
      <p className="text-sm text-gray-700">
        Closed by {close.closedBy}, {lagosDateTime(close.closedAt)}. No sale, refund or void can be
        recorded on this day.
      </p>
      <TenderCards tenders={close.tenders} />
      <DepositsBlock deposits={sheet.deposits} />
      <dl className="grid grid-cols-3 gap-2">
        <Figure label="Counted cash" value={money(close.countedCash)} />
        <Figure label="Expected cash" value={money(close.expectedCash)} />
        <Figure
          label="Difference"
          value={signed(close.difference)}
          tone={varianceTone(close.difference)}
        />
      </dl>
      {close.cashCount && (
        <p className="text-sm text-gray-700">
          Count:{" "}
          {CASH_NOTES.map(
            (n) =>
              `${close.cashCount?.notes[String(n) as "1000"] ?? 0} × ₦${n.toLocaleString("en-NG")}`,
          ).join(", ")}
          , coins {money(close.cashCount.coins)}
        </p>
      )}
      {close.notes && <p className="text-sm text-gray-700">Notes: {close.notes}</p>}
      <PaystackBlock paystack={sheet.paystack} />
      {can("day.reopen") && (
        <button type="button" className={adminButton.outline} onClick={() => setReopening(true)}>
          Reopen Day
        </button>
      )}
      <ConfirmDialog
        open={reopening}
        onOpenChange={setReopening}
        title="Reopen the day?"
        description="The close is undone (the audit log keeps it) so a sale, refund or void can be recorded; close the day again afterwards."
        confirmLabel="Reopen Day"
        confirmDisabled={save.pending || !reason.trim()}
        onConfirm={() =>
          save.run(() => apiRequest("POST", `/api/sales/daily/${sheet.date}/reopen`, { reason }))
        }
      >
        <TextField
          className="mt-4"
          label="Reason"
          required
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </ConfirmDialog>
    </div>
  );
}
