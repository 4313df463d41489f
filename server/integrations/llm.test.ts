/** Unit tests of the OpenAI-compatible client's configuration and answer parsing. */
import { describe, expect, it } from "vitest";
import { createLlmClient, LlmError, parseJsonContent } from "./llm.ts";

describe("createLlmClient", () => {
  it("is off unless base URL, key and model are all set", () => {
    expect(createLlmClient({ timeoutMs: 1000 })).toBeNull();
    expect(createLlmClient({ baseUrl: "http://x/v1", apiKey: "k", timeoutMs: 1000 })).toBeNull();
    expect(
      createLlmClient({ baseUrl: "http://x/v1", apiKey: "k", model: "m", timeoutMs: 1000 }),
    ).not.toBeNull();
  });

  it("posts to {base}/chat/completions with the key and a JSON schema, and parses the content", async () => {
    let seen: { url: string; init: RequestInit } | null = null;
    const client = createLlmClient({
      baseUrl: "https://llm.example/v1/",
      apiKey: "secret",
      model: "m1",
      timeoutMs: 1000,
      fetch: async (url, init) => {
        seen = { url: String(url), init: init as RequestInit };
        return new Response(
          JSON.stringify({ choices: [{ message: { content: '```json\n{"reply":"hi"}\n```' } }] }),
          { status: 200, headers: { "Content-Type": "application/json" } },
        );
      },
    });
    const answer = await client?.completeJson({
      messages: [{ role: "user", content: "q" }],
      schemaName: "s",
      schema: { type: "object" },
    });
    expect(answer).toEqual({ reply: "hi" });
    const request = seen as unknown as { url: string; init: RequestInit };
    expect(request.url).toBe("https://llm.example/v1/chat/completions");
    expect((request.init.headers as Record<string, string>).Authorization).toBe("Bearer secret");
    const body = JSON.parse(String(request.init.body));
    expect(body).toMatchObject({
      model: "m1",
      response_format: { type: "json_schema", json_schema: { name: "s", strict: true } },
    });
  });

  it("raises LlmError('http') for a non-2xx answer", async () => {
    const client = createLlmClient({
      baseUrl: "https://llm.example/v1",
      apiKey: "k",
      model: "m",
      timeoutMs: 1000,
      fetch: async () =>
        new Response(JSON.stringify({ error: { message: "bad key" } }), { status: 401 }),
    });
    await expect(
      client?.completeJson({ messages: [], schemaName: "s", schema: {} }),
    ).rejects.toMatchObject({ kind: "http", status: 401 });
  });
});

describe("parseJsonContent", () => {
  it("accepts plain and fenced JSON and rejects text", () => {
    expect(parseJsonContent('{"a":1}')).toEqual({ a: 1 });
    expect(parseJsonContent('```\n{"a":1}\n```')).toEqual({ a: 1 });
    expect(() => parseJsonContent("Sure! Here you go")).toThrow(LlmError);
  });
});
