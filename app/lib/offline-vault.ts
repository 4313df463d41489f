/**
 * The device's offline vault (issue 35; docs/decisions/0275-offline-data-sealed-by-the-session.md):
 * the session's AES-GCM key, held as a non-extractable WebCrypto key in IndexedDB until the
 * session's absolute expiry, and the sealing of everything the back office keeps on the device
 * (page copies in Cache Storage, the queue of work done offline). Shared by the pages and the
 * service worker (no DOM use).
 *
 * Erased (`wipeOfflineData`) at sign-out, when the key's expiry has passed, when a server answer
 * says the session was ended (the manager revoking the member, a sign-out elsewhere), and when a
 * different session's key arrives with nothing left to send.
 */
import { type IDBPDatabase, openDB } from "idb";
import {
  OFFLINE_MANIFEST_CACHE,
  OFFLINE_PAGE_CACHE,
  OFFLINE_VAULT_DB,
  offlineReceiptNumber,
} from "#common/offline.ts";

/** The answer of GET /api/auth/offline-key (server/modules/auth/offline-key.ts). */
export type OfflineKeyAnswer = {
  key: string;
  keyId: string;
  expiresAt: string;
  /** The session's prefix for receipts printed offline ('D1F'; decision 0314). */
  receiptPrefix?: string;
};

/** The key as kept on the device. */
export type VaultKey = { keyId: string; key: CryptoKey; expiresAt: string };

const STORE = "vault";
/** IndexedDB databases erased with the vault: the till's queue of offline sales. */
const QUEUE_DBS = ["glow-haven-pos"];

let opening: Promise<IDBPDatabase> | null = null;
function vault(): Promise<IDBPDatabase> {
  opening ??= openDB(OFFLINE_VAULT_DB, 1, {
    upgrade(db) {
      db.createObjectStore(STORE);
    },
    // Erasing (here or in the service worker) deletes the database: let it go at once.
    blocking(_current, _next, event) {
      (event.target as IDBDatabase).close();
      opening = null;
    },
  }).catch((error) => {
    opening = null;
    throw error;
  });
  return opening;
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Keeps the session's key (imported non-extractable: script on the page can use it, never read
 * it out). A key of another session replaces the old one (the caller re-seals or erases first).
 */
export async function storeKey(answer: OfflineKeyAnswer): Promise<VaultKey> {
  const key = await crypto.subtle.importKey(
    "raw",
    fromBase64Url(answer.key),
    { name: "AES-GCM" },
    false,
    ["encrypt", "decrypt"],
  );
  const record: VaultKey = { keyId: answer.keyId, key, expiresAt: answer.expiresAt };
  await (await vault()).put(STORE, record, "key");
  return record;
}

/**
 * The kept key, or null (none, or past the session's absolute expiry: then everything offline is
 * erased first).
 * @param now the device's clock.
 */
export async function currentKey(now: Date = new Date()): Promise<VaultKey | null> {
  if (typeof indexedDB === "undefined") return null;
  const record = (await (await vault()).get(STORE, "key")) as VaultKey | undefined;
  if (!record) return null;
  if (new Date(record.expiresAt).getTime() <= now.getTime()) {
    await wipeOfflineData();
    return null;
  }
  return record;
}

/** The vault's names of the session's receipt prefix and of the device's receipt counter. */
export const RECEIPT_PREFIX = "receiptPrefix";
export const RECEIPT_COUNTER = "receiptCounter";

/**
 * The number to print on the receipt of a sale kept offline ('D1F-0007': the session's prefix
 * and this device's counter; decision 0314), or null when the device never got a prefix (the
 * sale is then kept without one, and a short stock refuses it as an online sale).
 */
export async function nextOfflineReceipt(): Promise<string | null> {
  if (typeof indexedDB === "undefined") return null;
  const prefix = await vaultGet<string>(RECEIPT_PREFIX);
  if (!prefix) return null;
  return offlineReceiptNumber(prefix, await vaultNext(RECEIPT_COUNTER, prefix));
}

/** Another value kept in the vault (the device's receipt prefix, counters). */
export async function vaultGet<T>(name: string): Promise<T | undefined> {
  return (await (await vault()).get(STORE, name)) as T | undefined;
}
export async function vaultPut(name: string, value: unknown): Promise<void> {
  await (await vault()).put(STORE, value, name);
}

/**
 * The next number of counter `name` for `prefix` (1 for a prefix not seen before), read and
 * written in one IndexedDB transaction, so two tabs of the device never get the same number.
 */
export async function vaultNext(name: string, prefix: string): Promise<number> {
  const tx = (await vault()).transaction(STORE, "readwrite");
  const last = (await tx.store.get(name)) as { prefix: string; n: number } | undefined;
  const n = last?.prefix === prefix ? last.n + 1 : 1;
  await tx.store.put({ prefix, n }, name);
  await tx.done;
  return n;
}

/** A sealed value: a fresh 12-byte IV and the AES-GCM ciphertext (with its tag). */
export type Sealed = { iv: Uint8Array<ArrayBuffer>; data: ArrayBuffer; keyId: string };

/** Seals `plain` under `key` (AES-256-GCM, a random IV each time). */
export async function seal(key: VaultKey, plain: BufferSource): Promise<Sealed> {
  const iv = crypto.getRandomValues(new Uint8Array(new ArrayBuffer(12)));
  const data = await crypto.subtle.encrypt({ name: "AES-GCM", iv }, key.key, plain);
  return { iv, data, keyId: key.keyId };
}

/**
 * Opens a sealed value; null when it was sealed under another key or was altered (the tag
 * fails): such data is unreadable and is treated as absent.
 */
export async function unseal(key: VaultKey, sealed: Sealed): Promise<ArrayBuffer | null> {
  if (sealed.keyId !== key.keyId) return null;
  try {
    return await crypto.subtle.decrypt({ name: "AES-GCM", iv: sealed.iv }, key.key, sealed.data);
  } catch {
    return null;
  }
}

/** Seals a JSON value. */
export async function sealJson(key: VaultKey, value: unknown): Promise<Sealed> {
  return seal(key, new TextEncoder().encode(JSON.stringify(value)));
}

/** Opens a sealed JSON value; null when unreadable. */
export async function unsealJson<T>(key: VaultKey, sealed: Sealed): Promise<T | null> {
  const plain = await unseal(key, sealed);
  return plain ? (JSON.parse(new TextDecoder().decode(plain)) as T) : null;
}

/**
 * Erases everything the back office keeps on this device for offline work: the key, the sealed
 * page copies and the queue. Safe to call when nothing is there.
 */
export async function wipeOfflineData(): Promise<void> {
  const db = opening ? await opening.catch(() => null) : null;
  db?.close();
  opening = null;
  const deletions = [OFFLINE_VAULT_DB, ...QUEUE_DBS].map(
    (name) =>
      new Promise<void>((resolve) => {
        const request = indexedDB.deleteDatabase(name);
        request.onsuccess = request.onerror = () => resolve();
        // Blocked: other tabs and the service worker close their connections on 'versionchange'
        // (the `blocking` handlers), then the deletion completes; give them a few seconds.
        request.onblocked = () => setTimeout(resolve, 5_000);
      }),
  );
  await Promise.all([
    ...deletions,
    caches.delete(OFFLINE_PAGE_CACHE),
    caches.delete(OFFLINE_MANIFEST_CACHE),
  ]);
}
