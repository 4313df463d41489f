/**
 * Every environment variable the server reads, parsed with zod at start-up. A bad value stops
 * start-up with a message naming the variable (ARCHITECTURE.md "Conventions").
 */
import path from "node:path";
import { z } from "zod";

/** The demo sign-in's password (README "Quick start"); refused in production. */
export const DEMO_ADMIN_PASSWORD = "glowhaven-demo";
const DEMO_SESSION_SECRET = "development-only-session-secret-change-me";

const emptyToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    /** Folder of the embedded PGlite database, its lock file and backups. */
    DATA_DIR: z.string().min(1).default("./data"),
    /** PostgreSQL connection string; when set, PGlite is not used. */
    DATABASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
        .optional(),
    ),
    /** PostgreSQL: milliseconds to open a connection or wait for a free one (then 503). */
    DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120000).default(5000),
    /** PostgreSQL: milliseconds a statement may run before the server cancels it. */
    DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600000).default(20000),
    /** PostgreSQL: milliseconds a transaction may sit idle before the server ends it. */
    DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(100).max(3600000).default(60000),
    /** PostgreSQL: milliseconds start-up keeps retrying an unreachable server before giving up. */
    DB_STARTUP_TIMEOUT_MS: z.coerce.number().int().min(0).max(600000).default(30000),
    /**
     * Milliseconds SIGTERM/SIGINT waits for in-flight requests before closing what is left;
     * default DB_STATEMENT_TIMEOUT_MS + 5 s, so the slowest write the database allows still
     * finishes and is answered (issue 34), and never less than 10 s.
     */
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600000).optional(),
    ADMIN_USERNAME: z.string().trim().min(3).default("admin"),
    ADMIN_PASSWORD: z.string().min(8).default(DEMO_ADMIN_PASSWORD),
    SESSION_SECRET: z.string().min(32).default(DEMO_SESSION_SECRET),
    /** Public site address used in canonical links, sitemaps, emails and review links. */
    PUBLIC_URL: z.preprocess(emptyToUndefined, z.url().optional()),
    /**
     * Whether to load the demo catalogue into an empty database at start-up; defaults to true,
     * false when NODE_ENV=production (issue 16: a real clinic must not open with demo prices).
     */
    SEED_DEMO: z
      .enum(["true", "false", "1", "0"])
      .optional()
      .transform((v) => (v === undefined ? undefined : v === "true" || v === "1")),
    /** Folder of `npm run db:backup` and the daily backups; default DATA_DIR/backups. */
    BACKUP_DIR: z.string().min(1).optional(),
    /**
     * Folder of the treatment photos (issue 31), never served as files; default
     * DATA_DIR/photos. Back it up with the database (docs/deployment.md).
     */
    PHOTO_DIR: z.string().min(1).optional(),
    /**
     * S3-compatible bucket for the treatment photos instead of PHOTO_DIR (issue 31; needed with
     * several app instances): objects private, served only through the app (decision 0302).
     * Empty = photos on disk. The other PHOTO_S3_* mean what their BACKUP_S3_* twins mean.
     */
    PHOTO_S3_BUCKET: z.preprocess(emptyToUndefined, z.string().min(3).max(63).optional()),
    /** Key prefix inside the bucket; default "photos/". */
    PHOTO_S3_PREFIX: z
      .string()
      .regex(/^[^/].*\/$/, "must end with / and not start with one, e.g. photos/")
      .default("photos/"),
    PHOTO_S3_ENDPOINT: z.preprocess(emptyToUndefined, z.url().optional()),
    PHOTO_S3_REGION: z.string().min(1).default("us-east-1"),
    PHOTO_S3_ACCESS_KEY_ID: z.preprocess(emptyToUndefined, z.string().optional()),
    PHOTO_S3_SECRET_ACCESS_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
    /**
     * S3-compatible bucket the daily backup is copied to (issue 34: backups off the host); empty =
     * backups stay in BACKUP_DIR only. With BACKUP_S3_ENDPOINT for stores other than AWS S3.
     */
    BACKUP_S3_BUCKET: z.preprocess(emptyToUndefined, z.string().min(3).max(63).optional()),
    /** Key prefix inside the bucket (e.g. one clinic's folder); default "glowhaven/". */
    BACKUP_S3_PREFIX: z
      .string()
      .regex(/^[^/].*\/$/, "must end with / and not start with one, e.g. glowhaven/")
      .default("glowhaven/"),
    /** The store's address for R2, Spaces, B2, MinIO… (path-style); empty = AWS S3. */
    BACKUP_S3_ENDPOINT: z.preprocess(emptyToUndefined, z.url().optional()),
    /** The bucket's region ("auto" for Cloudflare R2); default us-east-1. */
    BACKUP_S3_REGION: z.string().min(1).default("us-east-1"),
    /** The bucket's keys; empty = the AWS SDK's own chain (AWS_ACCESS_KEY_ID…, an instance role). */
    BACKUP_S3_ACCESS_KEY_ID: z.preprocess(emptyToUndefined, z.string().optional()),
    BACKUP_S3_SECRET_ACCESS_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
    META_PIXEL_ID: z.preprocess(emptyToUndefined, z.string().regex(/^\d+$/).optional()),
    PAYSTACK_PUBLIC_KEY: z.preprocess(emptyToUndefined, z.string().startsWith("pk_").optional()),
    PAYSTACK_SECRET_KEY: z.preprocess(emptyToUndefined, z.string().startsWith("sk_").optional()),
    /** Paystack's API address; tests point it at a local fake Paystack server. */
    PAYSTACK_BASE_URL: z.preprocess(emptyToUndefined, z.url().default("https://api.paystack.co")),
    /**
     * 'true' lets a production start run without Paystack keys, in test-payment mode (a staging
     * site). Without it such a start is refused (issue 34: an anonymous buyer approved their own
     * "payment" on a production site that had silently started in test mode).
     */
    ALLOW_TEST_PAYMENTS: z
      .enum(["true", "false", "1", "0"])
      .optional()
      .transform((v) => v === "true" || v === "1"),
    /** SMTP server for email, e.g. smtps://user:pass@smtp.example.com:465; empty = outbox only. */
    SMTP_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
        .optional(),
    ),
    MAIL_FROM: z.string().min(3).default("Glow Haven <hello@glowhaven.ng>"),
    /** WhatsApp Business Cloud API address with its version; tests point it at a local fake. */
    WHATSAPP_API_BASE_URL: z.preprocess(
      emptyToUndefined,
      z.url().default("https://graph.facebook.com/v21.0"),
    ),
    /** WhatsApp Cloud API access token; with WHATSAPP_PHONE_NUMBER_ID, empty = WhatsApp messages only stored. */
    WHATSAPP_TOKEN: z.preprocess(emptyToUndefined, z.string().optional()),
    /** The clinic's sending number's id in WhatsApp Manager (digits). */
    WHATSAPP_PHONE_NUMBER_ID: z.preprocess(emptyToUndefined, z.string().regex(/^\d+$/).optional()),
    /** The front desk's WhatsApp number that receives new booking requests (any Nigerian form). */
    CLINIC_WHATSAPP_NUMBER: z.preprocess(emptyToUndefined, z.string().optional()),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info"),
    /**
     * Failed sign-ins allowed per account in 15 minutes before each further one doubles the wait
     * (30 s up to 15 min); a client address may fail 4× as often (issue 14).
     */
    LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
    /**
     * How many reverse proxies in front of the server append to X-Forwarded-For; the client
     * address is read that many hops from the right. 0 (default) ignores the header entirely.
     */
    TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
    /** Public writes (bookings, newsletter, checkout start, reviews) per client address per minute. */
    PUBLIC_WRITE_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
    /** OpenAI-compatible chat completions API for the advisor, e.g. https://api.openai.com/v1; empty = built-in recommender only. */
    LLM_BASE_URL: z.preprocess(emptyToUndefined, z.url().optional()),
    LLM_API_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
    LLM_MODEL: z.preprocess(emptyToUndefined, z.string().optional()),
    /** Milliseconds to wait for the language model before the built-in recommender answers. */
    LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120000).default(15000),
    /** Minutes a started checkout holds its units before another buyer may take them (issue 14). */
    CHECKOUT_RESERVATION_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(30),
    /** Advisor questions allowed per client address per minute. */
    ADVISOR_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
    /** 'on' runs the scheduled jobs in this process (server/scheduler/; issue 16); 'off' not. */
    SCHEDULER: z.enum(["on", "off"]).default("on"),
    /**
     * 'on' starts from the server bundle when it is fresh (server/main.ts; issue 34), 'off' always
     * from the TypeScript sources (stack traces name the source files). Read by server/main.ts
     * before this configuration; listed here so a wrong value is refused.
     */
    SERVER_BUNDLE: z.enum(["on", "off"]).default("on"),
    /** Minutes an unpaid order is left before the scheduler marks it 'expired' (issue 16). */
    ORDER_EXPIRY_MINUTES: z.coerce
      .number()
      .int()
      .min(5)
      .max(7 * 24 * 60)
      .default(60),
    /** The token Meta's WhatsApp webhook set-up echoes (hub.verify_token); empty = no handshake. */
    WHATSAPP_VERIFY_TOKEN: z.preprocess(emptyToUndefined, z.string().min(8).optional()),
    /** The Meta app secret that signs WhatsApp webhook events; empty = the webhook answers 404. */
    WHATSAPP_APP_SECRET: z.preprocess(emptyToUndefined, z.string().min(8).optional()),
  })
  .superRefine((env, ctx) => {
    // One key without the other would start payments the server cannot verify (or vice versa).
    if (Boolean(env.PAYSTACK_PUBLIC_KEY) !== Boolean(env.PAYSTACK_SECRET_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: [env.PAYSTACK_PUBLIC_KEY ? "PAYSTACK_SECRET_KEY" : "PAYSTACK_PUBLIC_KEY"],
        message: "set both Paystack keys, or neither for test-payment mode",
      });
    }
    if (env.NODE_ENV !== "production") return;
    if (!env.PAYSTACK_SECRET_KEY && !env.ALLOW_TEST_PAYMENTS) {
      ctx.addIssue({
        code: "custom",
        path: ["PAYSTACK_SECRET_KEY"],
        message:
          "required in production: set PAYSTACK_PUBLIC_KEY and PAYSTACK_SECRET_KEY, or ALLOW_TEST_PAYMENTS=true for a site that takes test payments only",
      });
    }
    if (env.ADMIN_PASSWORD === DEMO_ADMIN_PASSWORD) {
      ctx.addIssue({
        code: "custom",
        path: ["ADMIN_PASSWORD"],
        message:
          "the demo admin password is refused in production: set ADMIN_PASSWORD to the clinic's own password",
      });
    }
    // Without it, links in emails, canonical URLs and the sitemap would follow the request's Host.
    if (!env.PUBLIC_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["PUBLIC_URL"],
        message: "required in production: the site's public address, e.g. https://glowhaven.ng",
      });
    }
    if (env.SESSION_SECRET === DEMO_SESSION_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message: "must be set to a random secret of 32+ characters in production",
      });
    }
  });

export type Config = Omit<z.infer<typeof envSchema>, "SEED_DEMO" | "SHUTDOWN_GRACE_MS"> & {
  SEED_DEMO: boolean;
  SHUTDOWN_GRACE_MS: number;
  dataDir: string;
  /** Absolute BACKUP_DIR, or DATA_DIR/backups. */
  backupDir: string;
  /** Absolute PHOTO_DIR, or DATA_DIR/photos. */
  photoDir: string;
  isProduction: boolean;
};

export class ConfigError extends Error {}

/**
 * Parses `env` (default `process.env`) into the server's configuration.
 * @throws ConfigError whose message names each bad variable, e.g. "PORT: Invalid input".
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable is an unset one (`.env.example` copied as is leaves many `NAME=` lines).
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const result = envSchema.safeParse(set);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  const config = result.data;
  const isProduction = config.NODE_ENV === "production";
  const dataDir = path.resolve(config.DATA_DIR);
  return {
    ...config,
    SEED_DEMO: config.SEED_DEMO ?? !isProduction,
    SHUTDOWN_GRACE_MS:
      config.SHUTDOWN_GRACE_MS ?? Math.max(10_000, config.DB_STATEMENT_TIMEOUT_MS + 5_000),
    dataDir,
    backupDir: config.BACKUP_DIR ? path.resolve(config.BACKUP_DIR) : path.join(dataDir, "backups"),
    photoDir: config.PHOTO_DIR ? path.resolve(config.PHOTO_DIR) : path.join(dataDir, "photos"),
    isProduction,
  };
}

/** The values the browser may see (GET /api/config, /api/config/environment). */
export function publicConfig(config: Config) {
  return {
    paystackPublicKey: config.PAYSTACK_PUBLIC_KEY ?? null,
    metaPixelId: config.META_PIXEL_ID ?? null,
  };
}
