import { createHash, randomBytes } from "node:crypto";

/** A random token for a mail link, and the hash that is all the database keeps. */
export function newToken() {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string) {
  return createHash("sha256").update(token).digest("hex");
}
