/**
 * Owner-only permissions for DATA_DIR: it holds clients' health notes (PGlite's files) and
 * backups, which PGlite and Node would otherwise create 0666/0777 minus the umask (issue 16).
 * Folders become 0700, files 0600. POSIX only: on Windows chmod changes nothing that matters.
 */
import { chmodSync, lstatSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";

/**
 * The umask the PGlite server process runs with, so files PGlite creates after start-up (new
 * WAL segments, relation files) are 0600 too; set by openConfiguredDatabase in PGlite mode.
 */
export const PRIVATE_UMASK = 0o077;

/** Creates `dir` (and parents) if missing and makes it 0700. */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
}

/**
 * Makes `dir` and everything under it owner-only: folders 0700, files 0600. Symbolic links are
 * left alone (chmod would follow them out of the folder). Only what is not so already is
 * changed: every start walks PGlite's 1,400 files (issue 34: a restart's time before listening).
 */
export function restrictTree(dir: string): void {
  const stat = lstatSync(dir, { throwIfNoEntry: false });
  if (!stat || stat.isSymbolicLink()) return;
  const mode = stat.isDirectory() ? 0o700 : 0o600;
  if ((stat.mode & 0o777) !== mode) chmodSync(dir, mode);
  if (stat.isDirectory()) {
    for (const name of readdirSync(dir)) restrictTree(path.join(dir, name));
  }
}
