import type { Request } from "express";

/** The largest body any route accepts (a run video, 15 MB, plus form overhead). */
export const MAX_BODY_BYTES = 16 * 1024 * 1024;

/**
 * Reads and discards what is left of a request's body, so that an answer
 * given before the body was read through (a post refused for who sent it, or
 * where) reaches the client. Answered and closed while the client is still
 * sending, the connection is reset under it and the client gets EPIPE or
 * ECONNRESET instead of the status and message.
 *
 * Resolves true once the body has ended, false when more than `limit` bytes
 * were still to come: the caller then answers 413 and closes (server/app.ts
 * marks an answer to an unfinished body `Connection: close`).
 *
 * Whatever was reading the body (Remix's stream of it) has given up by now;
 * its listener goes, so the rest is not queued in memory for nobody.
 */
export function discardRestOfBody(req: Request, limit = MAX_BODY_BYTES): Promise<boolean> {
  if (req.complete || req.readableEnded || req.destroyed) return Promise.resolve(true);
  return new Promise((resolve) => {
    let seen = 0;
    const done = (whole: boolean) => {
      req.off("data", count);
      req.off("end", ended);
      req.off("close", ended);
      req.off("error", ended);
      if (!whole) req.pause();
      resolve(whole);
    };
    const count = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > limit) done(false);
    };
    const ended = () => done(true);
    req.removeAllListeners("data");
    req.on("data", count);
    req.once("end", ended);
    req.once("close", ended);
    req.once("error", ended);
    req.resume();
  });
}
