import { createECDH, createPublicKey, randomBytes, verify } from "node:crypto";
import fs from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import path from "node:path";
import tls from "node:tls";
import ece from "http_ece";

/**
 * A small Web Push service for tests, over HTTPS on loopback as real push
 * services are (web-push only speaks HTTPS). It hands out subscriptions
 * whose keys the test made (an ECDH P-256 pair and a 16-byte auth secret,
 * as a browser makes them), and for every push it receives it checks what a
 * real push service checks: the VAPID `Authorization: vapid t=<JWT>, k=<key>`
 * header (the JWT's ES256 signature verified with that key, its audience
 * this service's origin, its expiry within 24 hours), a `TTL` header, and
 * the aes128gcm body, which it decrypts with the subscription's private
 * keys. A push that fails a check is answered 400 and kept with the reason.
 *
 * The certificate (push-service/cert.pem, self-signed for 127.0.0.1 and
 * localhost, valid until 2126) is trusted by the sender through
 * `trustPushService()` in the test's process, or
 * NODE_EXTRA_CA_CERTS=<CERT_FILE> in a spawned one.
 *
 * Its endpoints name it `localhost` on its own port: the server sends push
 * only to public hosts on port 443, so the tests' servers allow this one by
 * name (PUSH_ALLOWED_HOSTS=localhost, tests/helpers/server.ts and
 * playwright.config.ts).
 */
const CERT_FILE = path.resolve("tests/helpers/push-service/cert.pem");
const KEY_FILE = path.resolve("tests/helpers/push-service/key.pem");

type Received = {
  /** The subscription's id (the last segment of its endpoint). */
  id: string;
  status: number;
  ttl: number;
  vapid: { k: string; aud: string; exp: number; sub: string };
  /** The decrypted payload, parsed as JSON. */
  payload: unknown;
  error?: string;
};

type Keys = { ecdh: ReturnType<typeof createECDH>; auth: string };

/** Makes this process's HTTPS requests (web-push's) trust the test service's certificate. */
export function trustPushService() {
  const agent = https.globalAgent as https.Agent & { options: https.AgentOptions };
  agent.options.ca = [...tls.rootCertificates, fs.readFileSync(CERT_FILE, "utf8")];
}

const b64url = (buffer: Buffer) => buffer.toString("base64url");

function checkVapid(header: string | undefined, origin: string) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? "");
  if (!match) throw new Error(`Authorization is not "vapid t=..., k=...": ${header}`);
  const [, jwt, k] = match as unknown as [string, string, string];
  const [head, body, signature] = jwt.split(".") as [string, string, string];
  const point = Buffer.from(k, "base64url");
  if (point.length !== 65 || point[0] !== 4) throw new Error("k is not an uncompressed P-256 public key");
  const key = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33)) },
    format: "jwk",
  });
  const header_ = JSON.parse(Buffer.from(head, "base64url").toString()) as { alg?: string; typ?: string };
  if (header_.alg !== "ES256") throw new Error(`JWT alg is ${header_.alg}, not ES256`);
  const signed = verify("sha256", Buffer.from(`${head}.${body}`), { key, dsaEncoding: "ieee-p1363" }, Buffer.from(signature, "base64url"));
  if (!signed) throw new Error("JWT signature does not verify with k");
  const claims = JSON.parse(Buffer.from(body, "base64url").toString()) as { aud: string; exp: number; sub: string };
  if (claims.aud !== origin) throw new Error(`JWT aud ${claims.aud} is not ${origin}`);
  const nowSeconds = Date.now() / 1000;
  if (!(claims.exp > nowSeconds && claims.exp <= nowSeconds + 24 * 60 * 60)) throw new Error(`JWT exp ${claims.exp} is not within the next 24 hours`);
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error(`JWT sub ${claims.sub} is not mailto: or https:`);
  return { k, aud: claims.aud, exp: claims.exp, sub: claims.sub };
}

export async function startPushService() {
  const keys = new Map<string, Keys>();
  /** What each subscription's endpoint answers a valid push; 201 unless set. */
  const answers = new Map<string, number>();
  const received: Received[] = [];
  const waiters = new Set<() => void>();

  const server = https.createServer({ key: fs.readFileSync(KEY_FILE), cert: fs.readFileSync(CERT_FILE) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const id = req.url?.split("/").pop() ?? "";
      const record: Received = { id, status: 400, ttl: Number.NaN, vapid: { k: "", aud: "", exp: 0, sub: "" }, payload: null };
      try {
        const subscription = keys.get(id);
        if (req.method !== "POST" || !subscription) throw new Error(`no subscription ${req.method} ${req.url}`);
        record.vapid = checkVapid(req.headers.authorization, origin);
        record.ttl = Number(req.headers.ttl);
        if (!/^\d+$/.test(String(req.headers.ttl ?? ""))) throw new Error(`TTL header missing or not a number: ${req.headers.ttl}`);
        if (req.headers["content-encoding"] !== "aes128gcm") throw new Error(`Content-Encoding is ${req.headers["content-encoding"]}`);
        const plain = ece.decrypt(Buffer.concat(chunks), { version: "aes128gcm", privateKey: subscription.ecdh, authSecret: subscription.auth });
        record.payload = JSON.parse(plain.toString("utf8"));
        record.status = answers.get(id) ?? 201;
      } catch (error) {
        record.error = (error as Error).message;
      }
      received.push(record);
      res.writeHead(record.status).end(record.error ?? "");
      for (const wake of waiters) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `https://localhost:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    /** A new subscription, as PushSubscription.toJSON() gives it, with keys made here. */
    subscription() {
      const id = randomBytes(9).toString("base64url");
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = b64url(randomBytes(16));
      keys.set(id, { ecdh, auth });
      return { endpoint: `${origin}/push/${id}`, keys: { p256dh: b64url(ecdh.getPublicKey()), auth }, expirationTime: null };
    },
    /** Makes a subscription's endpoint answer `status` (e.g. 410 Gone, 500) from now on. */
    answer(endpoint: string, status: number) {
      answers.set(endpoint.split("/").pop()!, status);
    },
    /** The pushes received for one subscription. */
    to(endpoint: string) {
      const id = endpoint.split("/").pop();
      return received.filter((r) => r.id === id);
    },
    /** Resolves when `count` pushes in all have arrived, or fails after `ms`. */
    waitFor(count: number, ms = 15_000) {
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (received.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        const timer = setTimeout(() => (waiters.delete(check), reject(new Error(`${received.length} of ${count} pushes arrived in ${ms} ms`))), ms);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

export type PushService = Awaited<ReturnType<typeof startPushService>>;
