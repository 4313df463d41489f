/**
 * The spec's sign-in flag: 'adminLoggedIn' = 'true' in localStorage while the admin area is
 * shown (admin spec §6). Here it only mirrors the server session, for scripts or tabs that look
 * for it: set when the admin area appears, removed when the login gate does. Nothing reads it
 * for access; the session cookie checked on the server decides
 * (docs/decisions/0174-the-adminloggedin-flag.md).
 */
export const SIGNED_IN_FLAG = "adminLoggedIn";

/** Sets (true) or removes (false) the flag; a browser that blocks storage is left as it is. */
export function markSignedIn(signedIn: boolean): void {
  try {
    if (signedIn) window.localStorage.setItem(SIGNED_IN_FLAG, "true");
    else window.localStorage.removeItem(SIGNED_IN_FLAG);
  } catch {
    // Storage blocked (private mode, policy): the flag is a mirror, nothing depends on it.
  }
}
