/**
 * The request context shared by the API and the React Router loaders/actions. The Express app
 * sets it once per request (server/app.ts); loaders read it with `context.get(appContext)`.
 * Both run inside the one server bundle, so they share this key (ARCHITECTURE.md "Conventions").
 */
import type { Logger } from "pino";
import { createContext } from "react-router";
import type { Config } from "./config.ts";
import type { Db } from "./db/client.ts";
import type { EmailTransport } from "./integrations/smtp.ts";

export type AdminIdentity = { id: number; username: string };

export type AppServices = {
  db: Db;
  config: Config;
  /** The SMTP transport; null when SMTP_URL is not set (emails are then only stored). */
  smtp: EmailTransport | null;
  logger: Logger;
  /** The signed-in admin of this request, or null. */
  admin: AdminIdentity | null;
  /** CSP nonce of this response, for inline scripts. */
  nonce: string;
  /** Absolute site origin of this request, e.g. 'https://glowhaven.ng'. */
  origin: string;
};

export const appContext = createContext<AppServices>();
