/**
 * A local fake of Paystack's API (node:http) for tests and the checkout bench, so they exercise
 * the real client in server/integrations/paystack.ts through PAYSTACK_BASE_URL
 * (ARCHITECTURE.md "Payments without keys"). It implements POST /transaction/initialize and
 * GET /transaction/verify/:reference and POST /refund with Paystack's envelope, checks the Bearer secret key, and
 * lets a test decide what a payment did (`pay`) and sign webhooks (`webhook`). For the day close
 * (issue 29) it lists transactions (GET /transaction, with each one's fees) and settlements (GET
 * /settlement, GET /settlement/:id/transactions) that a test makes with `settle`, and the
 * refunds (GET /refund: those asked with POST /refund, and ones a test makes with `refundMade`)
 * and chargebacks (GET /dispute, made with `dispute`) of a day (docs/decisions/0281).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { webhookSignature } from "#server/integrations/paystack.ts";

export const FAKE_SECRET_KEY = "sk_test_fake_secret_key_for_tests";
export const FAKE_PUBLIC_KEY = "pk_test_fake_public_key_for_tests";

type Transaction = {
  reference: string;
  amount: number;
  currency: string;
  email: string;
  status: string;
  /** Paystack's fee in kobo (default: 1.5% + ₦100 above ₦2,500, capped at ₦2,000). */
  fees?: number;
  /** ISO 8601 UTC; set when paid (default now). */
  paidAt?: string;
};

type Settlement = { id: number; status: string; date: string; references: string[] };

/** A refund as List Refunds shows it: the payment's reference, amount (kobo), status, when. */
type Refund = {
  id: number;
  reference: string;
  amount: number;
  status: string;
  createdAt: string;
};

/** A chargeback as List Disputes shows it (kobo; resolution null while open). */
type Dispute = {
  id: number;
  reference: string;
  refundAmount: number;
  status: string;
  resolution: string | null;
  createdAt: string;
};

/** Paystack's local card fee (kobo): 1.5%, plus ₦100 from ₦2,500, at most ₦2,000. */
export function paystackFee(amountKobo: number): number {
  const fee = Math.round(amountKobo * 0.015) + (amountKobo >= 250_000 ? 10_000 : 0);
  return Math.min(fee, 200_000);
}

export type FakePaystack = {
  url: string;
  /** Environment for createTestApp: keys and PAYSTACK_BASE_URL. */
  env: Record<string, string>;
  transactions: Map<string, Transaction>;
  /** Number of verify calls answered, per reference. */
  verifyCalls: Map<string, number>;
  /** Refunds asked with POST /refund, per transaction reference (amount in kobo). */
  refunds: Map<string, number>;
  settlementList: Settlement[];
  /** Every refund, asked through POST /refund or made with `refundMade`. */
  refundList: Refund[];
  disputeList: Dispute[];
  /**
   * A refund made at Paystack (the dashboard, or POST /refund processed later) of a paid
   * `reference`: amount default the whole payment, status 'processed', created now. Its id.
   */
  refundMade(reference: string, over?: Partial<Omit<Refund, "id" | "reference">>): number;
  /**
   * A chargeback on `reference`: refund_amount default the whole payment, status
   * 'awaiting-merchant-feedback', no resolution, created now. Its id.
   */
  dispute(reference: string, over?: Partial<Omit<Dispute, "id" | "reference">>): number;
  /** Pays out `references` in one settlement (status default 'success', date now); its id. */
  settle(references: string[], over?: Partial<Omit<Settlement, "id" | "references">>): number;
  /** Marks a transaction paid (or another status), optionally with another amount/currency. */
  pay(reference: string, over?: Partial<Omit<Transaction, "reference">>): void;
  /** A signed `charge.success` webhook for a paid transaction: body and headers to send. */
  webhook(
    reference: string,
    over?: Partial<Transaction>,
  ): {
    body: string;
    signature: string;
  };
  close(): Promise<void>;
};

function send(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
}

/** What the fake remembers, shared by its request handlers and the test. */
type Ledger = Pick<
  FakePaystack,
  "transactions" | "verifyCalls" | "refunds" | "settlementList" | "refundList" | "disputeList"
>;

/** Starts the fake on `port` (0 = any free port). */
export async function startFakePaystack(port = 0): Promise<FakePaystack> {
  const ledger: Ledger = {
    transactions: new Map(),
    verifyCalls: new Map(),
    refunds: new Map(),
    settlementList: [],
    refundList: [],
    disputeList: [],
  };
  const { transactions } = ledger;
  const server = http.createServer((req, res) => {
    if (req.headers.authorization !== `Bearer ${FAKE_SECRET_KEY}`) {
      send(res, 401, { status: false, message: "Invalid key" });
      return;
    }
    let raw = "";
    req.on("data", (chunk) => {
      raw += chunk;
    });
    req.on("end", () => route(ledger, req, raw, res));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    env: {
      PAYSTACK_PUBLIC_KEY: FAKE_PUBLIC_KEY,
      PAYSTACK_SECRET_KEY: FAKE_SECRET_KEY,
      PAYSTACK_BASE_URL: url,
    },
    ...ledger,
    pay(reference, over = {}) {
      const tx = transactions.get(reference) ?? {
        reference,
        amount: 0,
        currency: "NGN",
        email: "client@example.com",
        status: "ongoing",
      };
      transactions.set(reference, {
        ...tx,
        status: "success",
        paidAt: new Date().toISOString(),
        ...over,
      });
    },
    refundMade(reference, over = {}) {
      const id = 5000 + ledger.refundList.length + 1;
      ledger.refundList.push({
        id,
        reference,
        amount: transactions.get(reference)?.amount ?? 0,
        status: "processed",
        createdAt: new Date().toISOString(),
        ...over,
      });
      return id;
    },
    dispute(reference, over = {}) {
      const id = 9000 + ledger.disputeList.length + 1;
      ledger.disputeList.push({
        id,
        reference,
        refundAmount: transactions.get(reference)?.amount ?? 0,
        status: "awaiting-merchant-feedback",
        resolution: null,
        createdAt: new Date().toISOString(),
        ...over,
      });
      return id;
    },
    settle(references, over = {}) {
      const id = 7000 + ledger.settlementList.length + 1;
      ledger.settlementList.push({
        id,
        status: "success",
        date: new Date().toISOString(),
        ...over,
        references,
      });
      return id;
    },
    webhook(reference, over = {}) {
      const tx = { ...(transactions.get(reference) ?? {}), ...over };
      const body = JSON.stringify({
        event: "charge.success",
        data: {
          id: 4242,
          domain: "test",
          status: tx.status ?? "success",
          reference,
          amount: tx.amount,
          currency: tx.currency ?? "NGN",
          channel: "card",
          paid_at: new Date().toISOString(),
        },
      });
      return { body, signature: webhookSignature(body, FAKE_SECRET_KEY) };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answers one request (its whole body in `raw`) by method and path; 404 for anything else. */
function route(ledger: Ledger, req: http.IncomingMessage, raw: string, res: http.ServerResponse) {
  const url = new URL(req.url ?? "/", "http://fake");
  if (req.method === "POST" && url.pathname === "/transaction/initialize") {
    initializeTransaction(ledger, JSON.parse(raw || "{}") as Record<string, unknown>, res);
    return;
  }
  const verify = /^\/transaction\/verify\/(.+)$/.exec(url.pathname);
  if (req.method === "GET" && verify) {
    verifyTransaction(ledger, decodeURIComponent(verify[1] as string), res);
    return;
  }
  if (req.method === "GET" && url.pathname === "/transaction") {
    listTransactions(ledger, url, res);
    return;
  }
  if (req.method === "GET" && url.pathname === "/settlement") {
    listSettlements(ledger, url, res);
    return;
  }
  const settled = /^\/settlement\/(\d+)\/transactions$/.exec(url.pathname);
  if (req.method === "GET" && settled) {
    const s = ledger.settlementList.find((x) => x.id === Number(settled[1]));
    const rows = (s?.references ?? []).flatMap((r) => {
      const tx = ledger.transactions.get(r);
      return tx ? [transactionData(tx)] : [];
    });
    sendPage(res, rows, url);
    return;
  }
  if (req.method === "GET" && url.pathname === "/refund") {
    const rows = ledger.refundList
      .filter((r) => inRange(r.createdAt, url))
      .map((r) => ({
        id: r.id,
        transaction_reference: r.reference,
        amount: r.amount,
        currency: "NGN",
        status: r.status,
        createdAt: r.createdAt,
      }));
    sendPage(res, rows, url);
    return;
  }
  if (req.method === "GET" && url.pathname === "/dispute") {
    const rows = ledger.disputeList
      .filter((d) => inRange(d.createdAt, url))
      .map((d) => {
        const tx = ledger.transactions.get(d.reference);
        return {
          id: d.id,
          refund_amount: d.refundAmount,
          currency: "NGN",
          status: d.status,
          resolution: d.resolution,
          category: "chargeback",
          transaction: { reference: d.reference, amount: tx?.amount ?? d.refundAmount },
          createdAt: d.createdAt,
        };
      });
    sendPage(res, rows, url);
    return;
  }
  if (req.method === "POST" && url.pathname === "/refund") {
    createRefund(ledger, JSON.parse(raw || "{}") as Record<string, unknown>, res);
    return;
  }
  send(res, 404, { status: false, message: "Not found" });
}

/** POST /transaction/initialize: records an 'ongoing' transaction; 400 for a reference reused. */
function initializeTransaction(
  { transactions }: Ledger,
  body: Record<string, unknown>,
  res: http.ServerResponse,
) {
  const reference = String(body.reference);
  if (transactions.has(reference)) {
    send(res, 400, { status: false, message: "Duplicate Transaction Reference" });
    return;
  }
  transactions.set(reference, {
    reference,
    amount: Number(body.amount),
    currency: String(body.currency ?? "NGN"),
    email: String(body.email),
    status: "ongoing",
  });
  send(res, 200, {
    status: true,
    message: "Authorization URL created",
    data: {
      authorization_url: `https://checkout.paystack.com/${reference}`,
      access_code: `access_${reference}`,
      reference,
    },
  });
}

/** GET /transaction/verify/{reference}: the transaction as it stands (counted in verifyCalls). */
function verifyTransaction(
  { transactions, verifyCalls }: Ledger,
  reference: string,
  res: http.ServerResponse,
) {
  verifyCalls.set(reference, (verifyCalls.get(reference) ?? 0) + 1);
  const tx = transactions.get(reference);
  if (!tx) {
    send(res, 400, { status: false, message: "Transaction reference not found" });
    return;
  }
  send(res, 200, {
    status: true,
    message: "Verification successful",
    data: {
      id: 1000 + transactions.size,
      domain: "test",
      status: tx.status,
      reference: tx.reference,
      amount: tx.amount,
      currency: tx.currency,
      channel: "card",
      gateway_response: tx.status === "success" ? "Successful" : "Declined",
      paid_at: tx.status === "success" ? new Date().toISOString() : null,
      customer: { email: tx.email },
    },
  });
}

/**
 * POST /refund, Paystack's Create Refund: {transaction: reference or id, amount? (kobo)} → a
 * queued refund; the transaction becomes 'reversed'. 400 unless paid and not yet refunded.
 */
function createRefund(
  { transactions, refunds, refundList }: Ledger,
  body: Record<string, unknown>,
  res: http.ServerResponse,
) {
  const tx = transactions.get(String(body.transaction));
  if (tx?.status !== "success") {
    send(res, 400, { status: false, message: "Transaction not found or not successful" });
    return;
  }
  if (refunds.has(tx.reference)) {
    send(res, 400, { status: false, message: "Transaction has been fully reversed" });
    return;
  }
  const amount = body.amount === undefined ? tx.amount : Number(body.amount);
  refunds.set(tx.reference, amount);
  refundList.push({
    id: 5000 + refundList.length + 1,
    reference: tx.reference,
    amount,
    status: "pending",
    createdAt: new Date().toISOString(),
  });
  tx.status = "reversed";
  send(res, 200, {
    status: true,
    message: "Refund has been queued for processing",
    data: {
      transaction: { reference: tx.reference, amount: tx.amount },
      amount,
      currency: tx.currency,
      status: "pending",
      id: 5000 + refundList.length,
    },
  });
}

/** A transaction as Paystack's listings show it. */
function transactionData(tx: Transaction) {
  return {
    reference: tx.reference,
    amount: tx.amount,
    currency: tx.currency,
    status: tx.status,
    fees: tx.fees ?? paystackFee(tx.amount),
    paid_at: tx.paidAt ?? null,
    customer: { email: tx.email },
  };
}

/** One page of `rows` (perPage, page) in Paystack's envelope with its meta. */
function sendPage(res: http.ServerResponse, rows: unknown[], url: URL) {
  const perPage = Number(url.searchParams.get("perPage") ?? 50);
  const page = Number(url.searchParams.get("page") ?? 1);
  send(res, 200, {
    status: true,
    message: "Retrieved",
    data: rows.slice((page - 1) * perPage, page * perPage),
    meta: {
      total: rows.length,
      perPage,
      page,
      pageCount: Math.max(1, Math.ceil(rows.length / perPage)),
    },
  });
}

/** Whether ISO `at` falls in the query's [from, to) (either bound may be absent). */
function inRange(at: string | undefined, url: URL): boolean {
  if (!at) return false;
  const t = Date.parse(at);
  const from = url.searchParams.get("from");
  const to = url.searchParams.get("to");
  return (!from || t >= Date.parse(from)) && (!to || t < Date.parse(to));
}

/** GET /transaction: transactions paid in [from, to), by status when asked. */
function listTransactions({ transactions }: Ledger, url: URL, res: http.ServerResponse) {
  const status = url.searchParams.get("status");
  const rows = [...transactions.values()]
    .filter((tx) => (!status || tx.status === status) && inRange(tx.paidAt, url))
    .map(transactionData);
  sendPage(res, rows, url);
}

/** GET /settlement: settlements dated in [from, to). */
function listSettlements({ settlementList }: Ledger, url: URL, res: http.ServerResponse) {
  const rows = settlementList
    .filter((s) => inRange(s.date, url))
    .map((s) => ({ id: s.id, status: s.status, settlement_date: s.date, currency: "NGN" }));
  sendPage(res, rows, url);
}
