/**
 * The scheduler (issue 16) with an injected clock, on PGlite and PostgreSQL: pending orders are
 * re-verified against the fake Paystack and completed or expired exactly once while two
 * scheduler instances run the job at the same moment; a job's lock lets one run at a time; runs
 * are recorded in `jobs`; failed emails are retried with backoff by the messages job, then left
 * failed; the jobs
 * API is for managers only.
 */
import { and, eq, like } from "drizzle-orm";
import type pg from "pg";
import { pino } from "pino";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORBIDDEN_MESSAGE } from "#common/roles.ts";
import { type Database, type Db, openDatabase } from "#server/db/client.ts";
import { products } from "#server/db/schema/catalog.ts";
import { chatSessions, outbox } from "#server/db/schema/content.ts";
import { idempotentRequests, jobs } from "#server/db/schema/operations.ts";
import { orders } from "#server/db/schema/orders.ts";
import type { EmailTransport } from "#server/integrations/smtp.ts";
import { enqueueMessage } from "#server/modules/messages/service.ts";
import { OUTBOX_MAX_ATTEMPTS } from "#server/modules/messages/worker.ts";
import { insertProduct } from "#server/testing/builders.ts";
import { type FakePaystack, startFakePaystack } from "#server/testing/fake-paystack.ts";
import { orderPayload } from "#server/testing/orders.ts";
import { signedInMember } from "#server/testing/staff-accounts.ts";
import { createTestApp, dbKinds, TEST_ADMIN } from "#server/testing/test-app.ts";
import { idleChatsJob, messagesJob, operationsJobs } from "./jobs.ts";
import { createScheduler, type Job, type Scheduler } from "./scheduler.ts";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const logger = pino({ level: "silent" });
const MINUTE = 60_000;

describe.each(dbKinds)("scheduler on %s", (kind) => {
  let t: TestApp;
  let fake: FakePaystack;
  let productId: number;
  // The injected clock both instances read.
  let clock = new Date();
  let a: Scheduler;
  let b: Scheduler;
  let second: Database | undefined;

  beforeAll(async () => {
    fake = await startFakePaystack();
    t = await createTestApp(kind, fake.env);
    productId = (await insertProduct(t.db, { name: "Niacinamide Serum", price: 18000, stock: 10 }))
      .id;
    const instance = (db: Db) =>
      createScheduler({
        db,
        logger,
        now: () => clock,
        jobs: operationsJobs({ db, config: t.config, logger, smtp: null }),
      });
    a = instance(t.db);
    // On PostgreSQL (direct or pooled) the second instance has its own connection pool, as
    // another server would.
    if (kind !== "pglite") {
      const { connectionString } = (t.db as unknown as { $client: pg.Pool }).$client.options;
      second = await openDatabase({ kind: "postgres", url: connectionString as string });
    }
    b = instance(second?.db ?? t.db);
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await second?.close();
    await t?.close();
    await fake?.close();
  });

  async function startOrder(quantity = 1) {
    const payload = orderPayload([{ id: productId, quantity }]);
    const res = await request(t.app).post("/api/checkout/start").send(payload).expect(201);
    return { reference: payload.paymentReference, amountKobo: res.body.amountKobo as number };
  }
  const orderOf = async (reference: string) =>
    (await t.db.select().from(orders).where(eq(orders.paymentReference, reference)))[0];
  const stock = async () =>
    (await t.db.select({ s: products.stock }).from(products).where(eq(products.id, productId)))[0]
      ?.s;
  /** Confirmation emails written for the order paid with `reference`. */
  const emailsFor = async (reference: string) =>
    (
      await t.db
        .select({ id: outbox.id })
        .from(outbox)
        .where(and(eq(outbox.kind, "order-confirmation"), like(outbox.textBody, `%${reference}%`)))
    ).length;
  /** When the order was last touched (created, or its checkout restarted), in ms. */
  const touched = (order: { updatedAt: Date } | undefined) =>
    (order as { updatedAt: Date }).updatedAt.getTime();
  /** Both instances run the job at the same moment. */
  const runBoth = (name: string) => Promise.all([a.runJob(name), b.runJob(name)]);

  it("completes a pending order paid at Paystack exactly once with two instances", async () => {
    const { reference, amountKobo } = await startOrder(2);
    const before = await stock();
    fake.pay(reference, { amount: amountKobo });
    clock = new Date(Date.now() + 10 * MINUTE);
    const runs = await runBoth("pending-payments");
    for (const run of runs) expect(["ok", "skipped"]).toContain(run.status);
    // Two more rounds at once: nothing left to do, nothing done twice.
    await runBoth("pending-payments");
    const order = await orderOf(reference);
    expect(order?.status).toBe("processing");
    expect(order?.paymentData).toMatchObject({ confirmedBy: "scheduler" });
    expect(await stock()).toBe((before as number) - 2);
    expect(await emailsFor(reference)).toBe(1);
  });

  it("expires an unpaid order left longer than ORDER_EXPIRY_MINUTES exactly once", async () => {
    const { reference, amountKobo } = await startOrder(1);
    const order = await orderOf(reference);
    // Past the re-verify age but not the expiry: asked, left pending.
    clock = new Date(touched(order) + 30 * MINUTE);
    await runBoth("pending-payments");
    expect((await orderOf(reference))?.status).toBe("pending");
    expect(fake.verifyCalls.get(reference)).toBeGreaterThanOrEqual(1);

    clock = new Date(touched(order) + 61 * MINUTE);
    const runs = await runBoth("pending-payments");
    const results = runs.flatMap((r) => (r.status === "ok" ? [r.result] : []));
    expect(results.filter((r) => r.includes("1 expired"))).toHaveLength(1);
    await runBoth("pending-payments");
    expect((await orderOf(reference))?.status).toBe("expired");

    // Not a paid order: not in the admin's 'all' list; shown under 'expired'.
    const manager = request.agent(t.app);
    await manager.post("/api/auth/login").send(TEST_ADMIN).expect(200);
    const all = await manager.get("/api/orders").expect(200);
    expect(all.body.map((o: { paymentReference: string }) => o.paymentReference)).not.toContain(
      reference,
    );
    const expired = await manager.get("/api/orders?status=expired").expect(200);
    expect(expired.body.map((o: { paymentReference: string }) => o.paymentReference)).toContain(
      reference,
    );

    // A payment that still arrives completes the expired order, once.
    fake.pay(reference, { amount: amountKobo });
    const verified = await request(t.app)
      .post("/api/paystack/verify")
      .send({ reference })
      .expect(200);
    expect(verified.body.verified).toBe(true);
    expect((await orderOf(reference))?.status).toBe("processing");
  });

  it("leaves young pending orders to the browser", async () => {
    const { reference } = await startOrder(1);
    const order = await orderOf(reference);
    clock = new Date(touched(order) + 2 * MINUTE);
    await a.runJob("pending-payments");
    expect(fake.verifyCalls.get(reference) ?? 0).toBe(0);
    expect((await orderOf(reference))?.status).toBe("pending");
  });

  it("records each run in jobs and shows them to managers only", async () => {
    clock = new Date("2026-03-02T10:00:00Z");
    const run = await a.runJob("idle-advisor-chats");
    expect(run).toEqual({ status: "ok", result: "0 idle chats deleted" });
    const [row] = await t.db.select().from(jobs).where(eq(jobs.name, "idle-advisor-chats"));
    expect(row).toMatchObject({ lastStatus: "ok", lastResult: "0 idle chats deleted" });
    expect(row?.lastFinishedAt?.toISOString()).toBe("2026-03-02T10:00:00.000Z");
    // 03:15 Lagos is 02:15 UTC, the next day.
    expect(row?.nextRunAt?.toISOString()).toBe("2026-03-03T02:15:00.000Z");

    await request(t.app).get("/api/admin/jobs").expect(401);
    const manager = request.agent(t.app);
    await manager.post("/api/auth/login").send(TEST_ADMIN).expect(200);
    const list = await manager.get("/api/admin/jobs").expect(200);
    expect(list.body.map((j: { name: string }) => j.name)).toEqual([
      "pending-payments",
      "daily-backup",
      "idle-advisor-chats",
      "messages",
      "appointment-reminders",
      "form-reminders",
      "booking-holds",
      "offline-replays",
    ]);
    for (const role of ["therapist", "front_desk"] as const) {
      const { agent } = await signedInMember(t.app, t.db, manager, role);
      const res = await agent.get("/api/admin/jobs").expect(403);
      expect(res.body.error.message).toBe(FORBIDDEN_MESSAGE);
      await agent.post("/api/admin/jobs/messages/run").expect(403);
    }
    const now = await manager.post("/api/admin/jobs/messages/run").expect(200);
    expect(now.body.run.status).toBe("ok");
    expect(now.body.job).toMatchObject({ name: "messages", lastStatus: "ok" });
    await manager.post("/api/admin/jobs/no-such-job/run").expect(404);
    await manager.post("/api/admin/jobs/Bad%20Name/run").expect(400);
  });

  it("deletes advisor chats idle for 30 days", async () => {
    clock = new Date();
    await t.db.insert(chatSessions).values([
      { id: `old-${kind}`, lastMessageAt: new Date(clock.getTime() - 31 * 24 * 60 * MINUTE) },
      { id: `new-${kind}`, lastMessageAt: new Date(clock.getTime() - 2 * 24 * 60 * MINUTE) },
    ]);
    expect(await a.runJob("idle-advisor-chats")).toEqual({
      status: "ok",
      result: "1 idle chat deleted",
    });
    const left = await t.db.select({ id: chatSessions.id }).from(chatSessions);
    expect(left.map((r) => r.id)).toContain(`new-${kind}`);
    expect(left.map((r) => r.id)).not.toContain(`old-${kind}`);
  });

  it("forgets offline writes' stored answers after 14 days, keeping newer ones", async () => {
    clock = new Date();
    const daysAgo = (d: number) => new Date(clock.getTime() - d * 24 * 60 * MINUTE);
    await t.db.insert(idempotentRequests).values([
      {
        key: `old-${kind}`,
        userId: 1,
        request: "POST /api/sales",
        status: 201,
        createdAt: daysAgo(15),
      },
      {
        key: `new-${kind}`,
        userId: 1,
        request: "POST /api/sales",
        status: 201,
        createdAt: daysAgo(2),
      },
    ]);
    expect(await a.runJob("offline-replays")).toEqual({
      status: "ok",
      result: "1 stored answer forgotten",
    });
    const left = await t.db.select({ key: idempotentRequests.key }).from(idempotentRequests);
    expect(left.map((r) => r.key)).toEqual([`new-${kind}`]);
  });

  it("runs a job on one instance at a time, and records a failed run", async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let runs = 0;
    const slow: Job = {
      name: `slow-${kind}`,
      schedule: "0 * * * *",
      description: "waits",
      async run() {
        runs++;
        await gate;
        return "done";
      },
    };
    const broken: Job = {
      name: `broken-${kind}`,
      schedule: "0 * * * *",
      description: "fails",
      async run() {
        throw new Error("disk full");
      },
    };
    const one = createScheduler({ db: t.db, logger, jobs: [slow, broken], now: () => clock });
    const two = createScheduler({ db: t.db, logger, jobs: [slow, broken], now: () => clock });
    const first = one.runJob(slow.name);
    // Let the first take the lock.
    for (let i = 0; i < 50 && runs === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await two.runJob(slow.name)).toEqual({ status: "skipped" });
    expect(await one.runJob(slow.name)).toEqual({ status: "skipped" });
    release();
    expect(await first).toEqual({ status: "ok", result: "done" });
    expect(await two.runJob(slow.name)).toEqual({ status: "ok", result: "done" });
    expect(runs).toBe(2);

    expect(await two.runJob(broken.name)).toEqual({ status: "failed", error: "disk full" });
    const [row] = await t.db.select().from(jobs).where(eq(jobs.name, broken.name));
    expect(row).toMatchObject({ lastStatus: "failed", lastError: "disk full", lastResult: null });
  });

  it("runs a job every round on one instance at a time, and never leaves its lock behind", async () => {
    // Behind a transaction-mode pooler a session lock stayed on the server connection that took
    // it while its unlock went to another: every later round was skipped (issue 34).
    let active = 0;
    let most = 0;
    let runs = 0;
    const busy: Job = {
      name: `busy-${kind}`,
      schedule: "* * * * *",
      description: "queries while it runs",
      async run(ctx) {
        active++;
        most = Math.max(most, active);
        runs++;
        // Other connections of the pool busy meanwhile, as a real job's queries are.
        await Promise.all(
          Array.from({ length: 4 }, () => ctx.db.select({ name: jobs.name }).from(jobs).limit(1)),
        );
        await new Promise((r) => setTimeout(r, 20));
        active--;
        return "done";
      },
    };
    const one = createScheduler({ db: t.db, logger, jobs: [busy], now: () => clock });
    const two = createScheduler({ db: second?.db ?? t.db, logger, jobs: [busy], now: () => clock });
    for (let round = 0; round < 8; round++) {
      const both = await Promise.all([one.runJob(busy.name), two.runJob(busy.name)]);
      expect(both.some((r) => r.status === "ok")).toBe(true);
      // One after the other: the lock of the run before is gone, whichever instance held it.
      expect(await (round % 2 ? one : two).runJob(busy.name)).toEqual({
        status: "ok",
        result: "done",
      });
    }
    expect(most).toBe(1);
    expect(runs).toBeGreaterThanOrEqual(16);
  });

  it.runIf(kind !== "pglite")(
    "keeps a job's lock for a run longer than the idle-in-transaction timeout",
    async () => {
      const { connectionString } = (t.db as unknown as { $client: pg.Pool }).$client.options;
      const strict = await openDatabase({
        kind: "postgres",
        url: connectionString as string,
        timeouts: { connectMs: 5_000, statementMs: 5_000, idleInTransactionMs: 300 },
      });
      try {
        let release = () => {};
        const gate = new Promise<void>((resolve) => {
          release = resolve;
        });
        const long: Job = {
          name: `long-${kind}`,
          schedule: "0 * * * *",
          description: "outlasts the idle timeout",
          async run() {
            await gate;
            return "done";
          },
        };
        const one = createScheduler({ db: strict.db, logger, jobs: [long], now: () => clock });
        const two = createScheduler({ db: t.db, logger, jobs: [long], now: () => clock });
        const first = one.runJob(long.name);
        await new Promise((r) => setTimeout(r, 900));
        expect(await two.runJob(long.name)).toEqual({ status: "skipped" });
        release();
        expect(await first).toEqual({ status: "ok", result: "done" });
        expect(await two.runJob(long.name)).toEqual({ status: "ok", result: "done" });
      } finally {
        await strict.close();
      }
    },
  );

  it("retries a failed email with backoff, then leaves it failed", async () => {
    let failures = Number.POSITIVE_INFINITY;
    let sends = 0;
    // Only this test's emails count: other tests' messages may be due in the same passes.
    const smtp: EmailTransport = {
      async send(m) {
        if (!m.to.endsWith("@retry.example.com")) return;
        sends++;
        if (sends <= failures) throw new Error("connection refused");
      },
    };
    const retry = createScheduler({
      db: t.db,
      logger,
      now: () => clock,
      jobs: [messagesJob({ db: t.db, config: t.config, logger, smtp }), idleChatsJob()],
    });
    const enqueue = async (to: string) => {
      const queued = await enqueueMessage(t.db, {
        event: `retry-test:${kind}:${to}`,
        channel: "email",
        template: "test",
        to,
        subject: "Hello",
        text: "Hi",
      });
      return queued?.id ?? 0;
    };
    const id = await enqueue("a@retry.example.com");
    const row = async () => (await t.db.select().from(outbox).where(eq(outbox.id, id)))[0];
    // The first send, due at once.
    clock = new Date(Date.now() + 1000);
    await retry.runJob("messages");
    let r = await row();
    expect(r).toMatchObject({ status: "failed", attempts: 1 });
    const first = r?.nextAttemptAt as Date;
    expect(first.getTime() - clock.getTime()).toBe(MINUTE);

    // Not due yet: nothing sent.
    clock = new Date(first.getTime() - 1000);
    await retry.runJob("messages");
    expect(sends).toBe(1);

    // Each failed attempt waits twice as long as the one before.
    const waits: number[] = [];
    for (let attempt = 2; attempt <= OUTBOX_MAX_ATTEMPTS; attempt++) {
      r = await row();
      clock = r?.nextAttemptAt as Date;
      const result = await retry.runJob("messages");
      expect(result.status).toBe("ok");
      r = await row();
      expect(r?.attempts).toBe(attempt);
      if (r?.nextAttemptAt) waits.push(r.nextAttemptAt.getTime() - clock.getTime());
    }
    expect(waits).toEqual([2, 4, 8, 16].map((m) => m * MINUTE));
    expect(r).toMatchObject({ status: "failed", nextAttemptAt: null, error: "connection refused" });
    clock = new Date(clock.getTime() + 24 * 60 * MINUTE);
    await retry.runJob("messages");
    expect(sends).toBe(OUTBOX_MAX_ATTEMPTS);

    // A message that fails once goes out on its first retry.
    failures = sends + 1;
    const second = await enqueue("b@retry.example.com");
    const secondRow = async () =>
      (await t.db.select().from(outbox).where(eq(outbox.id, second)))[0];
    clock = new Date(Date.now() + 1000);
    await retry.runJob("messages");
    expect(await secondRow()).toMatchObject({ status: "failed", attempts: 1 });
    clock = (await secondRow())?.nextAttemptAt as Date;
    expect(await retry.runJob("messages")).toMatchObject({ status: "ok" });
    expect(await secondRow()).toMatchObject({
      status: "sent",
      attempts: 2,
      nextAttemptAt: null,
      error: null,
    });
  });
});
