/**
 * The visitor's cookie choice, kept in localStorage under `cookie-consent` ('accepted' or
 * 'declined'); no value means not asked yet (storefront issue "cookie-consent banner";
 * notes/nigeria.md: tracking pixels need consent first). Changes in this tab fire
 * `cookie-consent-changed`; other tabs hear the `storage` event.
 */
import { useSyncExternalStore } from "react";

export const CONSENT_STORAGE_KEY = "cookie-consent";
export const CONSENT_CHANGED_EVENT = "cookie-consent-changed";

export type ConsentChoice = "accepted" | "declined";
/** 'unknown' before hydration (the server cannot know); null when the visitor has not chosen. */
export type ConsentState = ConsentChoice | null | "unknown";

/** The choice in the `cookie-consent` cookie the banner's native form sets (issue 33), or null. */
function cookieConsent(): ConsentChoice | null {
  const match = /(?:^|;\s*)cookie-consent=(accepted|declined)(?:;|$)/.exec(document.cookie);
  return match ? (match[1] as ConsentChoice) : null;
}

/**
 * The stored choice, or null: localStorage, else the cookie set by the banner's form when it was
 * answered before the scripts ran (POST /api/cookie-consent).
 */
export function readConsent(): ConsentChoice | null {
  try {
    const value = window.localStorage.getItem(CONSENT_STORAGE_KEY);
    if (value === "accepted" || value === "declined") return value;
  } catch {
    // Storage blocked: the cookie may still hold the choice.
  }
  return cookieConsent();
}

/**
 * Inline script for the document's head: sets `<html data-consent="ask">` before the first paint
 * when no valid choice is stored in localStorage or the cookie (as `readConsent` reads it), which shows the server-rendered
 * cookie banner until hydration (cookie-consent.tsx; the rule is in app.css).
 */
export const CONSENT_ASK_SCRIPT = `(function(){var v;try{v=localStorage.getItem(${JSON.stringify(CONSENT_STORAGE_KEY)})}catch(e){}if(v!=="accepted"&&v!=="declined"&&!/(?:^|;\\s*)cookie-consent=(accepted|declined)(?:;|$)/.test(document.cookie))document.documentElement.dataset.consent="ask"})()`;

/**
 * Stores (or with null, forgets) the choice in localStorage and the cookie (so both agree, as the
 * banner's form would have set it) and tells listeners.
 */
export function writeConsent(choice: ConsentChoice | null): void {
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie; the Cookie Store API is missing from Safari and Firefox, which Lagos phones run.
  document.cookie = choice
    ? `cookie-consent=${choice}; Path=/; Max-Age=31536000; SameSite=Lax`
    : "cookie-consent=; Path=/; Max-Age=0; SameSite=Lax";
  try {
    if (choice) window.localStorage.setItem(CONSENT_STORAGE_KEY, choice);
    else window.localStorage.removeItem(CONSENT_STORAGE_KEY);
  } catch {
    // Storage blocked (private mode): the choice lasts for this page only.
  }
  window.dispatchEvent(new Event(CONSENT_CHANGED_EVENT));
}

function subscribe(onChange: () => void) {
  window.addEventListener("storage", onChange);
  window.addEventListener(CONSENT_CHANGED_EVENT, onChange);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(CONSENT_CHANGED_EVENT, onChange);
  };
}

/** The current choice ('unknown' on the server and during hydration). */
export function useConsent(): ConsentState {
  return useSyncExternalStore<ConsentState>(subscribe, readConsent, () => "unknown");
}
