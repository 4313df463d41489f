/**
 * The contraindication check's answer on staff screens (issue 30): when a change comes back
 * with `findings` (400 for a block, 409 for a warning), the back office's prompt shows them and
 * asks for a reason; the same request is sent again with `healthOverrideReason`. One place for
 * every screen that books, changes or sells (apiRequest and the till's sendSale call it), so no
 * screen needs its own handling (docs/decisions/0220-health-profile-and-contraindication-check.md).
 */
import type { Finding } from "#common/contraindications.ts";

/** Shows the findings; resolves with the reason given, or null when staff cancel. */
export type HealthOverridePrompt = (findings: Finding[], message: string) => Promise<string | null>;

let prompt: HealthOverridePrompt | null = null;

/** Registers the screen's prompt (the admin layout's host); returns the unregister. */
export function setHealthOverridePrompt(next: HealthOverridePrompt): () => void {
  prompt = next;
  return () => {
    if (prompt === next) prompt = null;
  };
}

/** The findings of a refused call's parsed body, or null when it is not the check's refusal. */
export function findingsOf(status: number, body: unknown): Finding[] | null {
  if (status !== 400 && status !== 409) return null;
  const findings = (body as { error?: { findings?: unknown } } | null)?.error?.findings;
  return Array.isArray(findings) && findings.length > 0 ? (findings as Finding[]) : null;
}

/**
 * The reason to send again with, when `body` is the check's refusal of a request that did not
 * carry one and staff give it; null otherwise (the refusal stands).
 */
export async function overrideReasonFor(
  status: number,
  body: unknown,
  sent: unknown,
): Promise<string | null> {
  const findings = findingsOf(status, body);
  if (!findings || !prompt) return null;
  if (sent && typeof sent === "object" && "healthOverrideReason" in sent) return null;
  const message = (body as { error?: { message?: string } }).error?.message ?? "";
  return prompt(findings, message);
}
