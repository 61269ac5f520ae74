import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import expressStaticGzip from "express-static-gzip";
import helmet from "helmet";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Config } from "../app/lib/config.server";
import { checkHealth } from "../app/lib/health.server";
import { discardRestOfBody, MAX_BODY_BYTES } from "./body";
import { remixHandler } from "./remix";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

/** Paths whose segments are secrets; they never reach the log. */
const SECRET_PATH = /^\/(?:api\/auth\/)?(reset-password|verify-email|validate-reset-token|unsubscribe)\/[^/?]+/;
/**
 * Unsubscribing from alert mail is posted by mail apps and providers on the
 * reader's behalf (one-click, RFC 8058), from wherever they are; the signed
 * token in the path is what allows it, not the origin.
 */
const UNSUBSCRIBE_PATH = /^\/unsubscribe\/[^/?]+(\.data)?$/;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The HTTP layer around Remix: what must hold for every request, in one
 * place. Everything else (routes, rules) lives in the Remix build.
 */
export function createApp(cfg: Config, build: ServerBuild, { logRequests = true } = {}) {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", cfg.trustProxy);

  app.use((req, res, next) => {
    if (!logRequests) return next();
    const start = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      const url = req.originalUrl.split("?")[0]!.replace(SECRET_PATH, (_m, kind) => `/${kind}/:token`);
      logLine(
        JSON.stringify({
          time: new Date().toISOString(),
          level: res.statusCode >= 500 ? "error" : "info",
          method: req.method,
          path: url,
          status: res.statusCode,
          ms: Math.round(ms * 10) / 10,
        }),
      );
    });
    next();
  });

  // The container's health probe: answered here, ahead of compression, security headers and
  // Remix, so a probe every few seconds costs next to nothing (app/lib/health.server.ts).
  app.get("/api/health", (_req, res) => {
    const { status, body } = checkHealth();
    res.status(status).set("Cache-Control", "no-store").json(body);
  });

  // What is streamed (files, and Remix answers not made whole: server/remix.ts) is compressed by
  // the middleware, on the way. Pages, JSON and `.data` answers are compressed whole in
  // server/remix.ts, so the middleware is applied only where something may stream: wrapping every
  // answer's writes for nothing was 2% of a small page's CPU (bench/README.md, "Profiles").
  // Server-sent events must reach the browser as they are written, not buffered for compression.
  // Anything from 256 bytes is compressed (the default is 1 KB): a page loads a dozen small
  // script chunks of 300 B to 1 KB, which gzip to about half (the JavaScript budget, tests/api/js-budget.test.ts).
  const compressStream = compression({
    threshold: 256,
    filter: (req, res) => !String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream") && compression.filter(req, res),
  });

  // Fingerprinted assets: cached for a year, sent as compressed at build time (scripts/precompress.js)
  // when the browser accepts it. Everything else in public/: an hour.
  app.use(
    "/build",
    compressStream,
    expressStaticGzip(path.join(root, "public/build"), {
      enableBrotli: true,
      orderPreference: ["br", "gz"],
      serveStatic: { immutable: true, maxAge: "1y" },
    }),
  );
  // The few other files in public/ (icons, manifest, service worker) are listed
  // once at start, so a page or API request never pays for a file lookup.
  const publicDir = path.join(root, "public");
  const publicFiles = new Set(listFiles(publicDir, "build"));
  const servePublic = express.static(publicDir, {
    maxAge: "1h",
    // The service worker must be re-checked on every visit so updates reach phones.
    setHeaders: (res, file) => {
      if (file.endsWith(`${path.sep}sw.js`)) res.setHeader("Cache-Control", "no-cache");
    },
  });
  app.use((req, res, next) => (publicFiles.has(req.path) ? compressStream(req, res, () => servePublic(req, res, next)) : next()));

  // helmet decides the security headers once, with a placeholder for the per-request CSP nonce;
  // each request then only sets them (running helmet's dozen middlewares per request was 5% of a
  // small page's CPU: bench/README.md, "Profiles").
  const securityHeaders = headersOf(
    helmet({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          "script-src": ["'strict-dynamic'", "'self'", `'nonce-${NONCE_PLACEHOLDER}'`],
          "img-src": ["'self'", "data:", "blob:"],
          "media-src": ["'self'", "blob:"],
          "style-src": ["'self'", "'unsafe-inline'"],
          "connect-src": ["'self'"],
          "worker-src": ["'self'"],
          "manifest-src": ["'self'"],
          "form-action": ["'self'"],
          "frame-ancestors": ["'none'"],
          "upgrade-insecure-requests": cfg.appOrigin.startsWith("https:") ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      strictTransportSecurity: cfg.appOrigin.startsWith("https:"),
    }),
  );
  // The embeddable standings (an <iframe> on an association's website) alone may be framed, by any site.
  const embedHeaders = securityHeaders
    .filter(([name]) => name.toLowerCase() !== "x-frame-options")
    .map(([name, value]): [string, string | string[]] =>
      name.toLowerCase() === "content-security-policy"
        ? [name, typeof value === "string" ? value.replace("frame-ancestors 'none'", "frame-ancestors *") : value.map((part) => part.replace("frame-ancestors 'none'", "frame-ancestors *"))]
        : [name, value],
    );
  app.use((req, res, next) => {
    const nonce = nextNonce();
    res.locals.cspNonce = nonce;
    const headers = req.method === "GET" && EMBED_PATH.test(req.path) ? embedHeaders : securityHeaders;
    for (const [name, value] of headers) res.setHeader(name, typeof value === "string" ? value : value.join(nonce));
    next();
  });

  // Refuse state-changing requests from another origin (CSRF), with a JSON answer.
  app.use((req, res, next) => {
    if (SAFE_METHODS.has(req.method) || UNSUBSCRIBE_PATH.test(req.path)) return next();
    const origin = req.get("origin");
    const site = req.get("sec-fetch-site");
    // "null" comes from privacy-sensitive contexts (e.g. sandboxed frames):
    // trust it only when the browser also says the request is same-origin.
    const sameOrigin =
      origin && origin !== "null"
        ? origin === cfg.appOrigin || safeHost(origin) === req.get("host")
        : origin === "null"
          ? site === "same-origin"
          : site !== "cross-site";
    if (sameOrigin) return next();
    void discardRestOfBody(req).then(() => res.status(403).json({ message: "Cross-origin requests are not allowed." }));
  });

  // An answer sent before the request's body was read through (an upload refused for its size)
  // closes the connection: the unread rest of the body must not be taken for the next request.
  app.use((req, res, next) => {
    const writeHead = res.writeHead;
    res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
      if (!req.complete && !res.headersSent) res.setHeader("Connection", "close");
      return writeHead.apply(this, args);
    } as typeof writeHead;
    next();
  });

  app.use((req, res, next) => {
    const length = Number(req.get("content-length") ?? 0);
    if (length > MAX_BODY_BYTES) {
      res.status(413).json({ message: "Request body is too large", code: "body_too_large" });
      return;
    }
    next();
  });

  // app.use, not app.all("*"): a route pattern makes express decode the path, and a malformed
  // escape ("/api/%zz") then ends in its HTML error page instead of the app's own 404 answer.
  app.use(
    remixHandler(
      build,
      cfg.isProduction ? "production" : "development",
      (req, res) => ({
        cspNonce: res.locals.cspNonce as string,
        // Read only by the rate limits of sign-in, registration and password resets (parsing it under "trust proxy" has a cost).
        get clientIp() {
          return req.ip ?? "unknown";
        },
      }),
      compressStream,
    ),
  );

  return app;
}

/**
 * Request log lines are written to stdout together, once per turn of the
 * event loop, rather than one write each (the write was about 1% of a page's
 * CPU under load: bench/README.md, "Profiles"). Lines still pending when the
 * process exits are written then; a process killed outright loses at most
 * the lines of its last turn.
 */
let pendingLines: string[] = [];
function logLine(line: string) {
  if (pendingLines.length === 0) setImmediate(flushLog);
  pendingLines.push(line);
}
function flushLog() {
  if (pendingLines.length === 0) return;
  const lines = pendingLines;
  pendingLines = [];
  process.stdout.write(`${lines.join("\n")}\n`);
}
process.on("exit", flushLog);

/** The pages other sites may put in a frame: the season's embeddable standings. */
const EMBED_PATH = /^\/embed\/series\/[^/]+\/?$/;

const NONCE_PLACEHOLDER = "\u0000nonce\u0000";

/**
 * A fresh 128-bit nonce for each response's Content-Security-Policy, cut from
 * a pool of random bytes drawn 256 nonces at a time: one call to the system's
 * random source per 256 requests instead of one per request (1.5% of a small
 * page's CPU: bench/README.md, "Profiles"). No nonce is ever handed out twice.
 */
const NONCE_BYTES = 16;
let noncePool = Buffer.alloc(0);
let nonceOffset = 0;
function nextNonce() {
  if (nonceOffset >= noncePool.length) {
    noncePool = randomBytes(NONCE_BYTES * 256);
    nonceOffset = 0;
  }
  const nonce = noncePool.toString("base64", nonceOffset, nonceOffset + NONCE_BYTES);
  nonceOffset += NONCE_BYTES;
  return nonce;
}

/**
 * The headers a helmet middleware sets, taken once from a dry run. A value
 * holding the nonce placeholder comes back split around it, to be joined with
 * each request's nonce.
 */
function headersOf(middleware: ReturnType<typeof helmet>): Array<[string, string | string[]]> {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: unknown) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  let done = false;
  middleware({} as express.Request, res as unknown as express.Response, () => (done = true));
  if (!done) throw new Error("helmet did not finish synchronously");
  return [...headers].map(([name, value]) => [name, value.includes(NONCE_PLACEHOLDER) ? value.split(NONCE_PLACEHOLDER) : value]);
}

/** URL paths ("/icons/icon-192.png") of the files under `dir`, except the `skip` folder. */
function listFiles(dir: string, skip: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => `/${path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")}`)
    .filter((url) => !url.startsWith(`/${skip}/`));
}

function safeHost(origin: string) {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}
