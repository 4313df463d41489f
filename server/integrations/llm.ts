/**
 * A small client for any OpenAI-compatible chat completions API (OpenAI, Azure-compatible
 * gateways, Groq, OpenRouter, vLLM, Ollama, llama.cpp server …), used by the treatment advisor
 * (ARCHITECTURE.md "AI advisor"). It asks for structured JSON output with a JSON schema, enforces
 * a timeout, and raises `LlmError` for every failure so the caller can fall back.
 *
 * Configured by LLM_BASE_URL (e.g. 'https://api.openai.com/v1'), LLM_API_KEY and LLM_MODEL.
 */

export type ChatMessage = { role: "system" | "user" | "assistant"; content: string };

export class LlmError extends Error {
  /** 'timeout', 'http' (non-2xx), 'network', or 'malformed' (no JSON object in the answer). */
  readonly kind: "timeout" | "http" | "network" | "malformed";
  readonly status?: number;
  constructor(kind: LlmError["kind"], message: string, status?: number) {
    super(message);
    this.kind = kind;
    this.status = status;
  }
}

export type LlmClient = {
  /**
   * Sends the conversation and returns the model's answer parsed as JSON (not yet validated
   * against the schema: the caller checks it).
   * @param schema a JSON schema the answer must follow (sent as `response_format.json_schema`).
   * @throws LlmError on timeout, network failure, a non-2xx status or an answer that is not JSON.
   */
  completeJson(input: {
    messages: ChatMessage[];
    schemaName: string;
    schema: Record<string, unknown>;
    /** Upper bound of the answer, in tokens (default 800). */
    maxTokens?: number;
  }): Promise<unknown>;
};

export type LlmOptions = {
  /** Base URL up to and including the version, e.g. 'https://api.openai.com/v1'. */
  baseUrl: string;
  apiKey: string;
  model: string;
  /** Milliseconds before the request is abandoned. */
  timeoutMs: number;
  /** For tests; defaults to the global fetch. */
  fetch?: typeof fetch;
};

/** The client, or null when the three settings are not all present (built-in advisor only). */
export function createLlmClient(
  options: Partial<Omit<LlmOptions, "timeoutMs">> & { timeoutMs: number },
): LlmClient | null {
  const { baseUrl, apiKey, model } = options;
  if (!baseUrl || !apiKey || !model) return null;
  const doFetch = options.fetch ?? fetch;
  const url = `${baseUrl.replace(/\/+$/, "")}/chat/completions`;
  return {
    async completeJson({ messages, schemaName, schema, maxTokens = 800 }) {
      let res: Response;
      try {
        res = await doFetch(url, {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            Authorization: `Bearer ${apiKey}`,
          },
          body: JSON.stringify({
            model,
            messages,
            temperature: 0.3,
            max_tokens: maxTokens,
            response_format: {
              type: "json_schema",
              json_schema: { name: schemaName, strict: true, schema },
            },
          }),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (err) {
        const name = (err as { name?: string })?.name;
        if (name === "TimeoutError" || name === "AbortError") {
          throw new LlmError("timeout", `Language model did not answer in ${options.timeoutMs} ms`);
        }
        throw new LlmError("network", `Language model unreachable: ${(err as Error).message}`);
      }
      let body: unknown;
      try {
        body = await res.json();
      } catch (err) {
        const name = (err as { name?: string })?.name;
        if (name === "TimeoutError" || name === "AbortError") {
          throw new LlmError("timeout", `Language model did not answer in ${options.timeoutMs} ms`);
        }
        throw new LlmError(
          res.ok ? "malformed" : "http",
          "Language model sent no JSON",
          res.status,
        );
      }
      if (!res.ok) {
        // Never log the key; the provider's error message is enough.
        const message =
          (body as { error?: { message?: string } })?.error?.message ?? res.statusText;
        throw new LlmError("http", `Language model answered ${res.status}: ${message}`, res.status);
      }
      const content = (body as { choices?: { message?: { content?: unknown } }[] })?.choices?.[0]
        ?.message?.content;
      if (typeof content !== "string") {
        throw new LlmError("malformed", "Language model answer has no message content");
      }
      return parseJsonContent(content);
    },
  };
}

/** Parses the JSON object in a model's text, tolerating a ```json fence around it. */
export function parseJsonContent(content: string): unknown {
  const trimmed = content
    .trim()
    .replace(/^```(?:json)?\s*/i, "")
    .replace(/\s*```$/, "");
  try {
    return JSON.parse(trimmed);
  } catch {
    throw new LlmError("malformed", "Language model answer is not valid JSON");
  }
}
