/**
 * Paystack adapter (notes/paystack.md): Initialize Transaction, Verify Transaction, Create Refund
 * (issue 14) and the webhook signature, against a configurable base URL (PAYSTACK_BASE_URL; tests run a local fake server).
 * Also the interface of the built-in test-payment provider used when no keys are configured
 * (server/modules/orders/test-payments.ts: its outcomes live in the database), so the server's
 * verification path is the same in both modes (ARCHITECTURE.md "Payments without keys").
 * Amounts are integer kobo throughout.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";

/**
 * What the provider says about one transaction (Verify Transaction's or a webhook's `data`),
 * reduced to what the server checks. A reference the provider does not know is not a
 * VerifiedTransaction: `verify` answers null for it.
 */
export type VerifiedTransaction = {
  /** Paystack's `data.status`: 'success', 'failed', 'abandoned', 'ongoing', …. */
  status: string;
  reference: string;
  /** `data.amount`, kobo. */
  amountKobo: number;
  currency: string;
  /** Extra facts kept with the order (channel, paid_at, domain, gateway_response). */
  details: Record<string, unknown>;
};

export type InitializedTransaction = { accessCode: string; authorizationUrl: string };

/** A payment provider as the checkout uses it: Paystack, or the test-payment provider. */
export type PaymentProvider = {
  mode: "paystack" | "test";
  /** Starts a transaction for `amountKobo`; null when the provider has nothing to start. */
  initialize(input: {
    email: string;
    amountKobo: number;
    reference: string;
    metadata?: Record<string, unknown>;
    /** Paystack's payment channels to offer (e.g. card, bank_transfer, ussd); default all. */
    channels?: string[];
  }): Promise<InitializedTransaction | null>;
  /**
   * Asks the provider about `reference`; null when it knows no transaction with that reference.
   * @throws PaystackError when it cannot answer.
   */
  verify(reference: string): Promise<VerifiedTransaction | null>;
  /**
   * Returns the whole payment of `reference` to the payer (Paystack's Create Refund,
   * `POST /refund {transaction}`); the refund is queued at Paystack and settles later.
   * @returns Paystack's refund id and status ('pending', 'processed', …).
   * @throws PaystackError when the provider refuses (e.g. already reversed) or cannot answer.
   */
  refund(reference: string): Promise<{ refundId: string; status: string }>;
};

/** The test-payment provider: a PaymentProvider whose outcomes the 'Test payment' dialog sets. */
export type TestPaymentProvider = PaymentProvider & {
  mode: "test";
  /** Records the dialog's outcome for `reference`, for `amountKobo` (the order's total). */
  record(reference: string, outcome: "success" | "failed", amountKobo: number): Promise<void>;
};

/** Paystack itself (keys configured). */
export type PaystackProvider = PaymentProvider & { mode: "paystack" };

/**
 * A webhook event as Paystack sends it: `{event, data}` (notes/paystack.md "Webhooks"); a
 * successful payment is `charge.success` with the transaction in `data`. Other fields are kept.
 */
export const paystackEventSchema = z.looseObject({
  event: z.string().optional(),
  data: z.record(z.string(), z.unknown()).optional(),
});
export type PaystackEvent = z.output<typeof paystackEventSchema>;

/**
 * Paystack's transaction `data` object (Verify Transaction's answer or a `charge.success`
 * webhook's) as a VerifiedTransaction: `data.status` (the payment's state, not the envelope's),
 * `data.amount` in kobo, `data.currency`, `data.reference`, and the facts kept with the order.
 * A missing or non-numeric amount becomes NaN, which matches no order total.
 */
export function transactionFromPaystackData(data: Record<string, unknown>): VerifiedTransaction {
  return {
    status: String(data.status ?? ""),
    reference: String(data.reference ?? ""),
    amountKobo: typeof data.amount === "number" ? data.amount : Number.NaN,
    currency: String(data.currency ?? ""),
    details: {
      channel: data.channel,
      paidAt: data.paid_at ?? data.paidAt,
      domain: data.domain,
      gatewayResponse: data.gateway_response,
      id: data.id,
    },
  };
}

export class PaystackError extends Error {
  readonly status: number | null;
  constructor(message: string, status: number | null = null) {
    super(message);
    this.status = status;
  }
}

type PaystackEnvelope = {
  status?: boolean;
  message?: string;
  data?: Record<string, unknown>;
  meta?: { pageCount?: number; page?: number };
};

type PaystackOptions = { secretKey: string; baseUrl: string; timeoutMs?: number };

/**
 * One authorised call to Paystack: `{res, json}` (json `{}` when the body is not JSON).
 * @throws PaystackError when Paystack cannot be reached in time.
 */
function paystackCaller(options: PaystackOptions) {
  const base = options.baseUrl.replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? 15_000;

  return async function call(method: "GET" | "POST", path: string, body?: unknown) {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${options.secretKey}`,
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new PaystackError(`Paystack unreachable: ${(err as Error).message}`);
    }
    let json: PaystackEnvelope = {};
    try {
      json = (await res.json()) as PaystackEnvelope;
    } catch {
      json = {};
    }
    return { res, json };
  };
}

/**
 * The real Paystack client. `secretKey` goes only into the Authorization header (never logged).
 * Each call times out after `timeoutMs` (default 15 s).
 */
export function createPaystackClient(options: PaystackOptions): PaystackProvider {
  const call = paystackCaller(options);

  return {
    mode: "paystack",
    async initialize(input) {
      const { res, json } = await call("POST", "/transaction/initialize", {
        email: input.email,
        amount: input.amountKobo,
        reference: input.reference,
        currency: "NGN",
        metadata: input.metadata,
        ...(input.channels ? { channels: input.channels } : {}),
      });
      const data = json.data ?? {};
      if (!res.ok || json.status !== true || typeof data.access_code !== "string") {
        throw new PaystackError(json.message ?? `Paystack answered ${res.status}`, res.status);
      }
      return {
        accessCode: data.access_code,
        authorizationUrl: String(data.authorization_url ?? ""),
      };
    },
    async verify(reference) {
      const { res, json } = await call(
        "GET",
        `/transaction/verify/${encodeURIComponent(reference)}`,
      );
      // An unknown reference is a 400/404 with status false: the payment does not exist.
      if ((res.status === 400 || res.status === 404) && json.status === false) return null;
      const data = json.data;
      if (!res.ok || json.status !== true || !data) {
        throw new PaystackError(json.message ?? `Paystack answered ${res.status}`, res.status);
      }
      // The payment's state is data.status; the top-level status only says the call worked.
      return transactionFromPaystackData(data);
    },
    async refund(reference) {
      const { res, json } = await call("POST", "/refund", { transaction: reference });
      const data = json.data ?? {};
      if (!res.ok || json.status !== true) {
        throw new PaystackError(json.message ?? `Paystack answered ${res.status}`, res.status);
      }
      return { refundId: String(data.id ?? ""), status: String(data.status ?? "pending") };
    },
  };
}

/** A successful payment as Paystack's List Transactions reports it (kobo). */
export type LedgerTransaction = {
  reference: string;
  amountKobo: number;
  feesKobo: number;
  /** ISO 8601 UTC, or null. */
  paidAt: string | null;
};

/** A payout to the clinic's bank as Paystack's List Settlements reports it (kobo). */
export type LedgerSettlement = {
  id: string;
  status: string;
  /** ISO 8601 UTC, or null while not yet settled. */
  date: string | null;
  /** The references of the transactions it paid out. */
  references: string[];
};

/**
 * Money given back on a Paystack payment (kobo): a refund (List Refunds) or a chargeback (List
 * Disputes), by the reference of the payment it reverses.
 */
export type LedgerReversal = {
  kind: "refund" | "chargeback";
  id: string;
  /** The reversed payment's reference ('' when Paystack names none). */
  reference: string;
  /** A refund's amount; a dispute's `refund_amount`, else its transaction's amount. */
  amountKobo: number;
  status: string;
  /** A dispute's resolution ('merchant-accepted', 'declined'); null for refunds and open disputes. */
  resolution: string | null;
  /** ISO 8601 UTC of its creation at Paystack, or null. */
  at: string | null;
};

/** Paystack's records of money taken and paid out, for the day close (issue 29). */
export type PaystackLedger = {
  /**
   * Refunds (GET /refund?from&to) and chargebacks (GET /dispute?from&to) created in [from, to),
   * every page of 100 (docs/decisions/0281).
   * @throws PaystackError when Paystack refuses or cannot answer.
   */
  reversals(from: Date, to: Date): Promise<LedgerReversal[]>;
  /**
   * Successful transactions paid in [from, to) (GET /transaction?status=success&from&to, every
   * page of 100).
   * @throws PaystackError when Paystack refuses or cannot answer.
   */
  transactions(from: Date, to: Date): Promise<LedgerTransaction[]>;
  /**
   * Settlements made in [from, to) with the references of their transactions (GET /settlement,
   * GET /settlement/{id}/transactions), at most `limit` settlements (default 20).
   * @throws PaystackError when Paystack refuses or cannot answer.
   */
  settlements(from: Date, to: Date, limit?: number): Promise<LedgerSettlement[]>;
};

/** The most pages one listing reads (100 a page): a clinic's day is far below it. */
const LEDGER_MAX_PAGES = 20;

/** Paystack's List Transactions and Settlements APIs, against `baseUrl` (tests: the fake). */
export function createPaystackLedger(options: PaystackOptions): PaystackLedger {
  const call = paystackCaller(options);
  async function pages(path: string, query: Record<string, string>) {
    const rows: Array<Record<string, unknown>> = [];
    for (let page = 1; page <= LEDGER_MAX_PAGES; page++) {
      const qs = new URLSearchParams({ ...query, perPage: "100", page: String(page) });
      const { res, json } = await call("GET", `${path}?${qs}`);
      if (!res.ok || json.status !== true || !Array.isArray(json.data)) {
        throw new PaystackError(json.message ?? `Paystack answered ${res.status}`, res.status);
      }
      rows.push(...(json.data as Array<Record<string, unknown>>));
      if (page >= Number(json.meta?.pageCount ?? 1)) break;
    }
    return rows;
  }
  const range = (from: Date, to: Date) => ({ from: from.toISOString(), to: to.toISOString() });
  return {
    async transactions(from, to) {
      const rows = await pages("/transaction", { status: "success", ...range(from, to) });
      return rows.map((r) => ({
        reference: String(r.reference ?? ""),
        amountKobo: Number(r.amount ?? 0),
        feesKobo: Number(r.fees ?? 0),
        paidAt: typeof r.paid_at === "string" ? r.paid_at : null,
      }));
    },
    async reversals(from, to) {
      const [refunds, disputes] = await Promise.all([
        pages("/refund", range(from, to)),
        pages("/dispute", range(from, to)),
      ]);
      return [
        ...refunds.map((r) => reversalOf("refund", r)),
        ...disputes.map((r) => reversalOf("chargeback", r)),
      ];
    },
    async settlements(from, to, limit = 20) {
      const rows = (await pages("/settlement", range(from, to))).slice(0, limit);
      const out: LedgerSettlement[] = [];
      for (const r of rows) {
        const id = String(r.id ?? "");
        const txs = await pages(`/settlement/${encodeURIComponent(id)}/transactions`, {});
        out.push({
          id,
          status: String(r.status ?? ""),
          date: typeof r.settlement_date === "string" ? r.settlement_date : null,
          references: txs.map((t) => String(t.reference ?? "")),
        });
      }
      return out;
    },
  };
}

/**
 * A List Refunds or List Disputes row as a LedgerReversal. Paystack names the payment by
 * `transaction_reference` or a `transaction` object with its `reference` (refunds), or a
 * `transaction` object (disputes); times are `createdAt` or `created_at`.
 */
function reversalOf(kind: LedgerReversal["kind"], r: Record<string, unknown>): LedgerReversal {
  const tx =
    r.transaction && typeof r.transaction === "object"
      ? (r.transaction as Record<string, unknown>)
      : {};
  const amount = kind === "refund" ? r.amount : (r.refund_amount ?? tx.amount);
  const at = r.createdAt ?? r.created_at;
  return {
    kind,
    id: String(r.id ?? ""),
    reference: String(r.transaction_reference ?? tx.reference ?? ""),
    amountKobo: Number(amount ?? 0),
    status: String(r.status ?? ""),
    resolution: typeof r.resolution === "string" ? r.resolution : null,
    at: typeof at === "string" ? at : null,
  };
}

/** Hex HMAC-SHA512 of `rawBody` keyed with the secret key (Paystack's x-paystack-signature). */
export function webhookSignature(rawBody: Buffer | string, secretKey: string): string {
  return createHmac("sha512", secretKey).update(rawBody).digest("hex");
}

/** Whether `signature` is the right one for `rawBody`, compared in constant time. */
export function isValidWebhookSignature(
  rawBody: Buffer,
  signature: string | undefined,
  secretKey: string,
): boolean {
  if (!signature || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const expected = Buffer.from(webhookSignature(rawBody, secretKey), "hex");
  const given = Buffer.from(signature, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
