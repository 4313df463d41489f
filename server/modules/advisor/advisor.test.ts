/**
 * API tests of POST /api/chatbot/treatment-recommendation (storefront spec §7; issue 5): the
 * built-in recommender over the seeded catalogue, conversations and follow-ups, input limits and
 * rate limit, safety rules, and the language-model path against a local fake OpenAI-compatible
 * server (valid structured output, unknown ids dropped, malformed output, errors and timeouts
 * falling back to the built-in recommender).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { desc, eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdvisorResponse, ChatPart } from "#common/advisor.ts";
import { isConsultationService } from "#common/catalog.ts";
import { services } from "#server/db/schema/catalog.ts";
import { chatMessages } from "#server/db/schema/content.ts";
import { seedDemoCatalogue } from "#server/db/seed/index.ts";
import { createTestApp, dbKinds } from "#server/testing/test-app.ts";

const URL_PATH = "/api/chatbot/treatment-recommendation";

type ServicesPart = Extract<ChatPart, { type: "service-recommendation" }>;
type ProductsPart = Extract<ChatPart, { type: "product-recommendation" }>;

function servicesOf(body: AdvisorResponse) {
  return (body.parts.find((p) => p.type === "service-recommendation") as ServicesPart | undefined)
    ?.items;
}
function productsOf(body: AdvisorResponse) {
  return (body.parts.find((p) => p.type === "product-recommendation") as ProductsPart | undefined)
    ?.items;
}

/** A fake OpenAI-compatible chat completions server whose behaviour each test sets. */
function fakeLlmServer() {
  const state: {
    mode: "valid" | "malformed" | "wrong-shape" | "error" | "timeout";
    answer: unknown;
    requests: { headers: http.IncomingHttpHeaders; body: Record<string, unknown> }[];
  } = { mode: "valid", answer: null, requests: [] };
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => {
      raw += chunk;
    });
    req.on("end", () => {
      state.requests.push({ headers: req.headers, body: JSON.parse(raw || "{}") });
      if (req.url !== "/v1/chat/completions") {
        res.writeHead(404).end();
        return;
      }
      const reply = (content: string) =>
        res.writeHead(200, { "Content-Type": "application/json" }).end(
          JSON.stringify({
            id: "chatcmpl-test",
            object: "chat.completion",
            choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
          }),
        );
      switch (state.mode) {
        case "valid":
          return reply(JSON.stringify(state.answer));
        case "malformed":
          return reply("Sure! I recommend a facial. {not json");
        case "wrong-shape":
          return reply(JSON.stringify({ message: "hello", recommendations: "facial" }));
        case "error":
          res
            .writeHead(500, { "Content-Type": "application/json" })
            .end(JSON.stringify({ error: { message: "upstream overloaded" } }));
          return;
        case "timeout":
          setTimeout(() => reply(JSON.stringify(state.answer)), 2000).unref();
          return;
      }
    });
  });
  return {
    state,
    async start() {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe.each(dbKinds)("advisor API on %s (built-in recommender)", (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let servicePrices: Map<number, unknown>;
  let productPrices: Map<number, number>;

  beforeAll(async () => {
    t = await createTestApp(kind, { ADVISOR_RATE_LIMIT: "1000" });
    await seedDemoCatalogue(t.db);
    const services = (await request(t.app).get("/api/services").expect(200)).body as {
      id: number;
      price: unknown;
    }[];
    servicePrices = new Map(services.map((s) => [s.id, s.price]));
    const products = (await request(t.app).get("/api/products").expect(200)).body as {
      id: number;
      price: number;
    }[];
    productPrices = new Map(products.map((p) => [p.id, p.price]));
  });
  afterAll(async () => {
    await t?.close();
  });

  const ask = (userQuery: string, sessionId: string | null = null) =>
    request(t.app).post(URL_PATH).send({ userQuery, sessionId });

  it("answers a first question with a session id, text and catalogue cards with db prices", async () => {
    const res = await ask("I have pimples and oily skin").expect(200);
    const body = res.body as AdvisorResponse;
    expect(body.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.response).toMatch(/Acne Clarifying Facial/);
    expect(body.parts[0]).toEqual({ type: "text", text: body.response });
    const services = servicesOf(body) ?? [];
    expect(services.length).toBeGreaterThan(0);
    expect(["facial", "chemical-peel"]).toContain(services[0]?.service.category);
    for (const { service, reason } of services) {
      expect(servicePrices.get(service.id)).toEqual(service.price);
      expect(reason.length).toBeGreaterThan(10);
    }
    const products = productsOf(body) ?? [];
    expect(products.length).toBeGreaterThan(0);
    for (const { product } of products) expect(productPrices.get(product.id)).toBe(product.price);
    expect(body.parts.at(-1)?.type).toBe("booking-prompt");
  });

  it("understands Lagos phrasing and misspellings", async () => {
    const belle = (await ask("how can I reduce my belle fat").expect(200)).body as AdvisorResponse;
    expect(servicesOf(belle)?.[0]?.service.category).toBe("body");
    const akne = (await ask("akne on my chin").expect(200)).body as AdvisorResponse;
    expect(["facial", "chemical-peel"]).toContain(servicesOf(akne)?.[0]?.service.category);
    const hyper = (await ask("hyperpigmantation on my cheeks").expect(200)).body as AdvisorResponse;
    expect(["chemical-peel", "laser", "facial"]).toContain(
      servicesOf(hyper)?.[0]?.service.category,
    );
  });

  it("keeps the conversation: a follow-up is answered in context and both turns are stored", async () => {
    const first = (await ask("stretch marks on my tummy").expect(200)).body as AdvisorResponse;
    const firstNames = servicesOf(first)?.map((s) => s.service.name) ?? [];
    const second = (await ask("how much does it cost?", first.sessionId).expect(200))
      .body as AdvisorResponse;
    expect(second.sessionId).toBe(first.sessionId);
    expect(servicesOf(second)?.map((s) => s.service.name)).toEqual(firstNames);
    expect(second.response).toMatch(/₦/);
    expect(second.response).toContain(firstNames[0]);
    const stored = await t.db
      .select({ role: chatMessages.role, content: chatMessages.content })
      .from(chatMessages)
      .where(eq(chatMessages.sessionId, first.sessionId))
      .orderBy(chatMessages.id);
    expect(stored.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
    expect(stored[2]?.content).toBe("how much does it cost?");
  });

  it("starts a new conversation for an unknown session id", async () => {
    const unknown = "7b0e7a2c-3c1f-4c6e-9a51-0f4f5f0b9a11";
    const res = (await ask("dark spots", unknown).expect(200)).body as AdvisorResponse;
    expect(res.sessionId).not.toBe(unknown);
  });

  it("refuses empty, too long and malformed input with clear 400s", async () => {
    const empty = await ask("   ").expect(400);
    expect(empty.body.error.fields.userQuery).toBe("Please type your question");
    const long = await ask("a".repeat(1001)).expect(400);
    expect(long.body.error.fields.userQuery).toBe(
      "Please keep your question under 1000 characters",
    );
    const badSession = await ask("acne", "not-a-session").expect(400);
    expect(badSession.body.error.fields.sessionId).toMatch(/not valid/);
    await request(t.app).post(URL_PATH).send({}).expect(400);
  });

  it("turns pregnancy into a consultation with a clear note and no unsafe treatments", async () => {
    const res = (await ask("I'm pregnant, can I do a chemical peel for dark spots?").expect(200))
      .body as AdvisorResponse;
    const services = servicesOf(res) ?? [];
    expect(services[0] && isConsultationService(services[0].service)).toBe(true);
    expect(res.response).toMatch(/pregnant/i);
    expect(res.response).toMatch(/consultation/i);
    for (const { service } of services) {
      expect(["chemical-peel", "laser", "injectable-treatments", "microneedling"]).not.toContain(
        service.category,
      );
      expect(service.consultationFirst).toBe(true);
    }
    // The signal stays in force for the rest of the conversation.
    const later = (await ask("what about laser for my dark spots?", res.sessionId).expect(200))
      .body as AdvisorResponse;
    const laterServices = servicesOf(later) ?? [];
    expect(laterServices[0] && isConsultationService(laterServices[0].service)).toBe(true);
    expect(
      laterServices.every(
        (s) => s.service.category !== "laser" || isConsultationService(s.service),
      ),
    ).toBe(true);
  });

  it("answers an emergency with urgent care only: tel: links to 112, 767 and the clinic, no card", async () => {
    const body = (
      await ask(
        "My lips are swollen and my face is itchy after the filler I got today, I can hardly breathe",
      ).expect(200)
    ).body as AdvisorResponse;
    expect(body.parts.map((p) => p.type)).toEqual(["text", "urgent-care"]);
    expect(body.response).toMatch(/112 or 767/);
    expect(body.response).toContain("+234 803 123 4567");
    expect(body.parts[1]).toEqual({
      type: "urgent-care",
      title: "Get urgent medical help now",
      numbers: [
        { label: "Call 112", href: "tel:112" },
        { label: "Call 767", href: "tel:767" },
      ],
      clinic: { label: "Call the clinic: +234 803 123 4567", href: "tel:+2348031234567" },
    });
    const [stored] = await t.db
      .select({ engine: chatMessages.engine })
      .from(chatMessages)
      .where(eq(chatMessages.sessionId, body.sessionId))
      .orderBy(desc(chatMessages.id))
      .limit(1);
    expect(stored?.engine).toBe("safety");
  });

  it("tells an under-18 about a parent and a consultation, with no treatment card", async () => {
    const body = (await ask("I am 16 and I want Botox").expect(200)).body as AdvisorResponse;
    expect(servicesOf(body)).toBeUndefined();
    expect(productsOf(body)).toBeUndefined();
    expect(body.response).toMatch(/parent or guardian and a consultation/);
  });

  it("speaks a red flag only in the answer that raised it", async () => {
    const first = (await ask("I'm breastfeeding, what can I do for dark spots?").expect(200))
      .body as AdvisorResponse;
    expect(first.response).toMatch(/breastfeeding/);
    const next = (await ask("and for razor bumps on my beard?", first.sessionId).expect(200))
      .body as AdvisorResponse;
    expect(next.response).not.toMatch(/breastfeeding|Thank you for telling me/);
    // Still left out: what the red flag rules out.
    for (const item of servicesOf(next) ?? []) {
      expect(["injectable-treatments", "chemical-peel", "iv-drip"]).not.toContain(
        item.service.category,
      );
    }
  });

  it.each([
    ["I'm on accutane, can I do microneedling?", /isotretinoin/i],
    ["I have keloids, can I remove my moles?", /keloid/i],
    ["I have a heart condition, is an IV drip okay?", /heart/i],
    ["I'm breastfeeding, can I get botox?", /breastfeeding/i],
    ["I have an infection on my cheek, what facial?", /infection/i],
  ])("'%s' leads to a consultation and a note", async (question, note) => {
    const res = (await ask(question).expect(200)).body as AdvisorResponse;
    expect(res.response).toMatch(note);
    expect(res.response).toMatch(/consultation/i);
    // Every card books a consultation; the first is a consultation service or the treatment
    // asked about, behind a consultation.
    const services = servicesOf(res) ?? [];
    expect(services.length).toBeGreaterThan(0);
    expect(services.every((s) => s.service.consultationFirst)).toBe(true);
  });

  it("always puts laser and injectables behind a consultation", async () => {
    const laser = (await ask("laser hair removal for my underarms").expect(200))
      .body as AdvisorResponse;
    const items = servicesOf(laser) ?? [];
    expect(items[0]?.service.category).toBe("laser");
    expect(
      items
        .filter((s) => s.service.category === "laser" && !isConsultationService(s.service))
        .every((s) => s.service.consultationFirst),
    ).toBe(true);
    expect(laser.response).toMatch(/always begin with a consultation/);
    const botox = (await ask("how much is botox").expect(200)).body as AdvisorResponse;
    expect(servicesOf(botox)?.[0]?.service).toMatchObject({
      name: "Botox (per area)",
      priceLabel: "Consultation Required",
      consultationFirst: true,
    });
  });

  it("reads the catalogue's consultation-first flag, as the calendar and the form do (issue 33)", async () => {
    const [hair] = await t.db
      .select({ id: services.id })
      .from(services)
      .where(eq(services.name, "Laser Hair Removal (Underarm)"));
    if (!hair) throw new Error("the demo catalogue has Laser Hair Removal (Underarm)");
    const underarm = async () =>
      servicesOf(
        (await ask("laser hair removal for my underarms").expect(200)).body as AdvisorResponse,
      )?.find((s) => s.service.id === hair.id)?.service;
    expect((await underarm())?.consultationFirst).toBe(true);
    await t.db.update(services).set({ consultationFirst: false }).where(eq(services.id, hair.id));
    try {
      expect((await underarm())?.consultationFirst).toBe(false);
    } finally {
      await t.db.update(services).set({ consultationFirst: true }).where(eq(services.id, hair.id));
    }
  });
});

describe("advisor rate limit", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp("pglite", { ADVISOR_RATE_LIMIT: "2" });
    await seedDemoCatalogue(t.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers 429 with a clear message after the per-client limit", async () => {
    await request(t.app).post(URL_PATH).send({ userQuery: "acne" }).expect(200);
    await request(t.app).post(URL_PATH).send({ userQuery: "acne" }).expect(200);
    const res = await request(t.app).post(URL_PATH).send({ userQuery: "acne" }).expect(429);
    expect(res.body.error.message).toMatch(/wait a minute/);
  });
});

describe("advisor with a language model (fake OpenAI-compatible server)", () => {
  const fake = fakeLlmServer();
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let ids: Record<string, number>;

  beforeAll(async () => {
    const baseUrl = await fake.start();
    t = await createTestApp("pglite", {
      LLM_BASE_URL: baseUrl,
      LLM_API_KEY: "test-key",
      LLM_MODEL: "test-model",
      LLM_TIMEOUT_MS: "400",
      ADVISOR_RATE_LIMIT: "1000",
    });
    await seedDemoCatalogue(t.db);
    const services = (await request(t.app).get("/api/services").expect(200)).body as {
      id: number;
      name: string;
    }[];
    const products = (await request(t.app).get("/api/products").expect(200)).body as {
      id: number;
      name: string;
    }[];
    ids = Object.fromEntries([...services, ...products].map((x) => [x.name, x.id]));
  });
  afterAll(async () => {
    await t?.close();
    await fake.close();
  });

  const ask = (userQuery: string, sessionId: string | null = null) =>
    request(t.app).post(URL_PATH).send({ userQuery, sessionId }).expect(200);

  async function engineOf(sessionId: string) {
    const rows = await t.db
      .select({ engine: chatMessages.engine })
      .from(chatMessages)
      .where(eq(chatMessages.sessionId, sessionId))
      .orderBy(chatMessages.id);
    return rows.at(-1)?.engine;
  }

  it("uses valid structured output, with the catalogue as context and prices from the db", async () => {
    fake.state.mode = "valid";
    fake.state.answer = {
      reply: "For your breakouts, the Acne Clarifying Facial is a lovely place to start.",
      services: [
        { id: ids["Acne Clarifying Facial"], reason: "Calms active breakouts." },
        { id: ids["Salicylic Acne Peel"], reason: "Clears inside the pores." },
      ],
      products: [{ id: ids["Salicylic Acid Clarifying Cleanser"], reason: "Daily pore care." }],
    };
    fake.state.requests = [];
    const body = (await ask("I keep breaking out")).body as AdvisorResponse;
    expect(body.response).toBe(
      "For your breakouts, the Acne Clarifying Facial is a lovely place to start.",
    );
    expect(servicesOf(body)?.map((s) => [s.service.name, s.reason, s.service.price])).toEqual([
      ["Acne Clarifying Facial", "Calms active breakouts.", 55000],
      ["Salicylic Acne Peel", "Clears inside the pores.", 90000],
    ]);
    expect(productsOf(body)?.map((p) => p.product.name)).toEqual([
      "Salicylic Acid Clarifying Cleanser",
    ]);
    expect(await engineOf(body.sessionId)).toBe("llm");

    const sent = fake.state.requests.at(-1);
    expect(sent?.headers.authorization).toBe("Bearer test-key");
    expect(sent?.body.model).toBe("test-model");
    expect(sent?.body.response_format).toMatchObject({ type: "json_schema" });
    const messages = sent?.body.messages as { role: string; content: string }[];
    expect(messages[0]?.role).toBe("system");
    expect(messages[0]?.content).toContain(`id ${ids.HydraFacial}: HydraFacial`);
    expect(messages.at(-1)).toEqual({ role: "user", content: "I keep breaking out" });

    // A follow-up sends the conversation so far.
    await ask("and how much is it?", body.sessionId);
    const followUp = fake.state.requests.at(-1)?.body.messages as { role: string }[];
    expect(followUp.map((m) => m.role)).toEqual(["system", "user", "assistant", "user"]);
  });

  it("drops ids that are not in the catalogue, and invented prices", async () => {
    fake.state.mode = "valid";
    fake.state.answer = {
      reply: "Try our Diamond Glow Facial. It costs only ₦5,000! The HydraFacial is also great.",
      services: [
        { id: 999999, reason: "Invented." },
        { id: ids.HydraFacial, reason: "Deep hydration." },
      ],
      products: [{ id: 888888, reason: "Invented." }],
    };
    const body = (await ask("I want glowing skin")).body as AdvisorResponse;
    expect(servicesOf(body)?.map((s) => s.service.id)).toEqual([ids.HydraFacial]);
    expect(productsOf(body)).toBeUndefined();
    expect(body.response).not.toContain("₦5,000");
    expect(body.response).toContain("The HydraFacial is also great.");
  });

  it("applies the safety rules to the model's answer", async () => {
    fake.state.mode = "valid";
    fake.state.answer = {
      reply: "A TCA peel will fade those spots fast.",
      services: [{ id: ids["TCA Peel"], reason: "Strong peel." }],
      products: [],
    };
    const body = (await ask("I'm pregnant and have dark spots")).body as AdvisorResponse;
    const services = servicesOf(body) ?? [];
    expect(services.map((s) => s.service.name)).not.toContain("TCA Peel");
    expect(services[0] && isConsultationService(services[0].service)).toBe(true);
    expect(body.response).toMatch(/pregnant/i);
  });

  it("never sends an emergency to the model: a model recommending the drip is not asked", async () => {
    fake.state.mode = "valid";
    fake.state.answer = {
      reply: "The Glutathione Drip will perk you up. Book Now!",
      services: [{ id: ids["Glutathione Glow Drip"], reason: "Energy." }],
      products: [],
    };
    fake.state.requests = [];
    const body = (await ask("I have chest pain and feel dizzy after my IV drip yesterday"))
      .body as AdvisorResponse;
    expect(fake.state.requests).toEqual([]);
    expect(body.parts.map((p) => p.type)).toEqual(["text", "urgent-care"]);
    expect(body.response).toMatch(/Chest pain/);
    expect(body.response).not.toMatch(/Glutathione|Book Now/);
    expect(await engineOf(body.sessionId)).toBe("safety");
  });

  it("never sends an under-18's question to the model", async () => {
    fake.state.mode = "valid";
    fake.state.answer = {
      reply: "Botox is perfect for you.",
      services: [{ id: ids["Botox (per area)"], reason: "Smooths lines." }],
      products: [],
    };
    fake.state.requests = [];
    const body = (await ask("im 15 i want botox and laser hair removal")).body as AdvisorResponse;
    expect(fake.state.requests).toEqual([]);
    expect(servicesOf(body)).toBeUndefined();
    expect(body.response).toMatch(/under 18/);
  });

  it("speaks a red flag only in the model's answer that raised it", async () => {
    fake.state.mode = "valid";
    fake.state.answer = {
      reply: "A gentle facial is a lovely choice.",
      services: [{ id: ids.HydraFacial, reason: "Gentle hydration." }],
      products: [],
    };
    const first = (await ask("I'm pregnant, which facial?")).body as AdvisorResponse;
    expect(first.response).toMatch(/pregnant/);
    const next = (await ask("what about for dry skin?", first.sessionId)).body as AdvisorResponse;
    expect(next.response).toBe("A gentle facial is a lovely choice.");
  });

  it.each([
    ["malformed", "malformed output"],
    ["wrong-shape", "output that is not the schema"],
    ["error", "a server error"],
    ["timeout", "a timeout"],
  ] as const)("falls back to the built-in recommender on %s (%s)", async (mode, _what) => {
    fake.state.mode = mode;
    const started = Date.now();
    const body = (await ask("belle fat and stretch marks")).body as AdvisorResponse;
    expect(Date.now() - started).toBeLessThan(1800);
    expect(["body", "microneedling"]).toContain(servicesOf(body)?.[0]?.service.category);
    expect(body.response.length).toBeGreaterThan(20);
    expect(await engineOf(body.sessionId)).toBe("builtin-fallback");
  });
});
