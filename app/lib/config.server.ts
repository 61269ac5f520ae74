import { createECDH, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";

const PROXY_PRESETS = new Set(["loopback", "linklocal", "uniquelocal"]);

/**
 * TRUST_PROXY: whose X-Forwarded-For is believed (the client address that
 * rate limits count by). "none", a number of proxy hops in front of the
 * app, or a comma-separated list of proxy addresses, subnets (CIDR) and
 * the names loopback, linklocal, uniquelocal. Default loopback: a proxy on
 * the same machine.
 */
type TrustProxy = false | number | string[];

const trustProxySchema = z
  .string()
  .default("loopback")
  .transform((value, ctx): TrustProxy => {
    const text = value.trim().toLowerCase();
    if (text === "none" || text === "false") return false;
    if (/^\d+$/.test(text)) return Number(text);
    const entries = text.split(",").map((entry) => entry.trim()).filter(Boolean);
    const valid = (entry: string) => {
      if (PROXY_PRESETS.has(entry)) return true;
      const [address, bits, extra] = entry.split("/");
      const family = isIP(address ?? "");
      if (!family || extra !== undefined) return false;
      return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
    };
    const bad = entries.find((entry) => !valid(entry));
    if (entries.length === 0 || bad !== undefined) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message: `${bad ? `"${bad}" is not` : "give"} a proxy address, subnet, loopback, linklocal or uniquelocal; or a number of proxies; or none`,
      });
      return z.NEVER;
    }
    return entries;
  });

/**
 * The one place that reads process.env. Parsed once, failing fast with a
 * message that names the variable, so a volunteer running the container sees
 * what to fix instead of a stack trace.
 */
const WORKERS_MESSAGE = "WEB_CONCURRENCY must be a whole number of worker processes, from 1 to 64";

/** Whether the runtime knows the IANA zone name ("America/Chicago"). */
function isTimeZone(name: string) {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return name.length > 0;
  } catch {
    return false;
  }
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  APP_ORIGIN: z.string().url().optional(),
  SESSION_SECRET: z.string().min(16, "SESSION_SECRET must be at least 16 characters").optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).optional(),
  NODE_ENV: z.enum(["production", "development", "test"]).default("development"),
  WEB_CONCURRENCY: z.coerce
    .number({ invalid_type_error: WORKERS_MESSAGE })
    .int(WORKERS_MESSAGE)
    .min(1, WORKERS_MESSAGE)
    .max(64, WORKERS_MESSAGE)
    .optional(),
  /** Tests and benchmarks raise it; never documented for production use. */
  RATE_LIMIT_FACTOR: z.coerce.number().positive().default(1),
  TRUST_PROXY: trustProxySchema,
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, "VAPID_SUBJECT must be a mailto: address or an https: URL (the push services' contact for this server)")
    .optional(),
  LITESTREAM_REPLICA_URL: z.string().optional(),
  AWS_REGION: z.string().optional(),
  AWS_ENDPOINT_URL_S3: z.string().url("AWS_ENDPOINT_URL_S3 must be a URL (an S3-compatible service's endpoint)").optional(),
  PUSH_ALLOWED_HOSTS: z.string().optional(),
  ASSOCIATION_TIME_ZONE: z
    .string()
    .trim()
    .default("America/Chicago")
    .refine(isTimeZone, "ASSOCIATION_TIME_ZONE must be an IANA time zone name, such as America/Chicago or America/Denver"),
});

export type Config = {
  port: number;
  host: string | undefined;
  dataDir: string;
  databaseFile: string;
  uploadsDir: string;
  /** Files served only to their owner's session (a horse's papers), never under /uploads. */
  privateDir: string;
  outboxDir: string;
  appOrigin: string;
  sessionSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  isProduction: boolean;
  secureCookies: boolean;
  rateLimitFactor: number;
  /** Worker processes sharing the port; 1 serves from the one process (server/index.ts). */
  webConcurrency: number;
  trustProxy: TrustProxy;
  /** Web Push signing (VAPID): base64url keys, and the contact push services see. */
  vapid: Vapid;
  /** Where the database and the files are replicated continuously (server/litestream.ts), or null. */
  replica: Replica | null;
  /** Push services' host names allowed whatever they resolve to (app/features/alerts/push-endpoints.server.ts), lower case. */
  pushAllowedHosts: string[];
  /** The association's own zone (IANA name): the day a membership starts is its calendar day there. */
  associationTimeZone: string;
};

/**
 * A replica location. The database goes to `<location>/db` (Litestream's
 * generations), the uploaded files and the generated secrets to
 * `<location>/files/` under the same paths they have in DATA_DIR.
 */
export type Replica =
  | { kind: "file"; url: string; dir: string }
  | { kind: "s3"; url: string; bucket: string; prefix: string; region: string | undefined; endpoint: string | undefined };

const REPLICA_MESSAGE = "LITESTREAM_REPLICA_URL must be file:///absolute/folder or s3://bucket/path";

/**
 * LITESTREAM_REPLICA_URL and the S3 variables, read without the rest of the
 * configuration: the primary restores the data folder from the replica
 * before loadConfig() writes anything into it (a new session secret).
 */
export function replicaConfig(env: Record<string, string | undefined> = process.env): Replica | null {
  const value = env.LITESTREAM_REPLICA_URL?.trim();
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`Invalid configuration:\n  LITESTREAM_REPLICA_URL: ${REPLICA_MESSAGE}`);
  }
  if (url.protocol === "file:" && !url.host && url.pathname.length > 1) {
    return { kind: "file", url: value, dir: path.resolve(decodeURIComponent(url.pathname)) };
  }
  if (url.protocol === "s3:" && url.hostname) {
    const endpoint = env.AWS_ENDPOINT_URL_S3?.trim() || undefined;
    return {
      kind: "s3",
      url: value,
      bucket: url.hostname,
      prefix: decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, ""),
      region: env.AWS_REGION?.trim() || env.AWS_DEFAULT_REGION?.trim() || undefined,
      endpoint,
    };
  }
  throw new Error(`Invalid configuration:\n  LITESTREAM_REPLICA_URL: ${REPLICA_MESSAGE}`);
}

type Vapid = { publicKey: string; privateKey: string; subject: string };

const VAPID_KEYS_MESSAGE =
  "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be given together: a P-256 key pair in base64url (65 and 32 bytes), as `npx web-push generate-vapid-keys` prints";

/** The public key (uncompressed P-256 point) of a private key, or null when it is not one. */
function vapidPublicKeyOf(privateKey: string): string | null {
  const bytes = Buffer.from(privateKey, "base64url");
  if (bytes.length !== 32 || bytes.toString("base64url") !== privateKey) return null;
  try {
    const ecdh = createECDH("prime256v1");
    ecdh.setPrivateKey(bytes);
    return ecdh.getPublicKey().toString("base64url");
  } catch {
    return null;
  }
}

/** A new VAPID key pair, both keys padded to their full length. */
function newVapidKeys() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const privateKey = ecdh.getPrivateKey();
  return {
    publicKey: ecdh.getPublicKey().toString("base64url"),
    privateKey: Buffer.concat([Buffer.alloc(32 - privateKey.length), privateKey]).toString("base64url"),
  };
}

/**
 * The VAPID keys from the configuration (checked to be one pair), or the
 * pair generated on first start into DATA_DIR/vapid-keys.json (by the
 * primary, before any worker starts), so no two processes ever end up with
 * two pairs: the browsers' subscriptions are bound to the public key.
 */
function vapidKeys(dataDir: string, publicKey: string | undefined, privateKey: string | undefined) {
  if (publicKey !== undefined || privateKey !== undefined) {
    const derived = privateKey === undefined ? null : vapidPublicKeyOf(privateKey);
    if (publicKey === undefined || derived === null) throw new Error(`Invalid configuration:\n  VAPID_PRIVATE_KEY: ${VAPID_KEYS_MESSAGE}`);
    if (derived !== publicKey) throw new Error("Invalid configuration:\n  VAPID_PUBLIC_KEY: is not the public key of VAPID_PRIVATE_KEY");
    return { publicKey, privateKey: privateKey! };
  }
  const file = path.join(dataDir, "vapid-keys.json");
  const read = () => {
    const keys = JSON.parse(fs.readFileSync(file, "utf8")) as { publicKey: string; privateKey: string };
    if (vapidPublicKeyOf(keys.privateKey) !== keys.publicKey) throw new Error(`Invalid configuration:\n  ${file} does not hold a VAPID key pair`);
    return keys;
  };
  if (fs.existsSync(file)) return read();
  // Written whole under a name of its own, then linked into place: link
  // fails if another process won the race, and nobody reads half a file.
  const keys = newVapidKeys();
  const draft = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  fs.writeFileSync(draft, JSON.stringify(keys), { flag: "wx", mode: 0o600 });
  try {
    fs.linkSync(draft, file);
    return keys;
  } catch {
    return read();
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    const secret = randomBytes(32).toString("hex");
    // "wx" fails if another process won the race; then read what it wrote.
    try {
      fs.writeFileSync(file, secret, { flag: "wx", mode: 0o600 });
      return secret;
    } catch {
      return fs.readFileSync(file, "utf8").trim();
    }
  }
}

/** The database's file name inside DATA_DIR. */
export const DATABASE_FILE_NAME = "app.db";

/** DATA_DIR as an absolute path (default ./data), without checking or creating it. */
export function dataDirOf(env: Record<string, string | undefined> = process.env) {
  return path.resolve(env.DATA_DIR?.trim() || "./data");
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, v]) => v !== "")),
  );
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `  ${issue.path.join(".")}: ${issue.message}`)
      .join("\n");
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.accessSync(dataDir, fs.constants.W_OK);
  } catch {
    throw new Error(`Invalid configuration:\n  DATA_DIR: ${dataDir} is not a writable folder`);
  }
  const appOrigin = new URL(e.APP_ORIGIN ?? `http://localhost:${e.PORT}`).origin;
  const isProduction = e.NODE_ENV === "production";
  const mailFrom = e.MAIL_FROM ?? `no-reply@${new URL(appOrigin).hostname}`;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseFile: path.join(dataDir, DATABASE_FILE_NAME),
    uploadsDir: path.join(dataDir, "uploads"),
    privateDir: path.join(dataDir, "private"),
    outboxDir: path.join(dataDir, "outbox"),
    appOrigin,
    sessionSecret: e.SESSION_SECRET ?? readOrCreateSecret(dataDir),
    smtpUrl: e.SMTP_URL,
    mailFrom,
    isProduction,
    secureCookies: isProduction && appOrigin.startsWith("https:"),
    rateLimitFactor: e.RATE_LIMIT_FACTOR,
    webConcurrency: e.WEB_CONCURRENCY ?? os.availableParallelism(),
    trustProxy: e.TRUST_PROXY,
    vapid: {
      ...vapidKeys(dataDir, e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY),
      subject: e.VAPID_SUBJECT ?? `mailto:${/<([^<>]+)>/.exec(mailFrom)?.[1] ?? mailFrom}`,
    },
    replica: replicaConfig(env),
    pushAllowedHosts: (e.PUSH_ALLOWED_HOSTS ?? "")
      .split(",")
      .map((host) => host.trim().toLowerCase().replace(/\.$/, ""))
      .filter(Boolean),
    associationTimeZone: e.ASSOCIATION_TIME_ZONE,
  };
}

let cached: Config | undefined;

export function config(): Config {
  cached ??= loadConfig();
  return cached;
}
