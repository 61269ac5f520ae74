import { createReadableStreamFromReadable, createRequestHandler, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import Negotiator from "negotiator";
import zlib from "node:zlib";
import { DOCUMENT_BODY, type WithDocumentBody } from "../app/lib/document-body";
import { discardRestOfBody } from "./body";

/**
 * Remix behind express, as @remix-run/express's handler does it, except that
 * a rendered page (app/entry.server.tsx), a JSON answer and a `.data` answer
 * are compressed and written in one call instead of through a web stream.
 * Every other answer (files, the notification stream) is streamed as before,
 * through `compressStream` (the compression middleware, server/app.ts).
 */
export function remixHandler(
  build: ServerBuild,
  mode: string,
  getLoadContext: (req: Request, res: Response) => AppLoadContext,
  compressStream: RequestHandler,
) {
  const handle = createRequestHandler(build, mode);
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const response = await handle(createRemixRequest(req, res), getLoadContext(req, res));
      // Every answer to a body (a refusal, a redirect) waits for the body to be read through,
      // so it reaches a client still sending (server/body.ts). Not a route's own 413: the rest of a
      // body past the route's limit is not read, and the answer goes with the connection's close.
      if (response.status !== 413 && !(await discardRestOfBody(req))) {
        res.status(413).json({ message: "Request body is too large", code: "body_too_large" });
        return;
      }
      await send(req, res, response, compressStream);
    } catch (error) {
      next(error);
    }
  };
}

const SAFE_READ = new Set(["GET", "HEAD"]);

/** The Fetch request Remix reads, as @remix-run/express builds it (host and protocol under "trust proxy"). */
function createRemixRequest(req: Request, res: Response): globalThis.Request {
  const port = /:(\d+)$/.exec(req.get("X-Forwarded-Host") ?? "")?.[1] ?? /:(\d+)$/.exec(req.get("host") ?? "")?.[1];
  const url = `${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`;
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const each of value) headers.append(key, each);
    else if (value) headers.set(key, value);
  }
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers };
  // A form post or upload being read learns that its client went away. A GET is answered from
  // synchronous SQLite reads, so there is nothing to stop (a streamed answer is cancelled in send()
  // instead); linking a signal cost 2-3% of a small page (bench/README.md, "Profiles").
  if (!SAFE_READ.has(req.method)) {
    let controller: AbortController | null = new AbortController();
    res.on("finish", () => (controller = null));
    res.on("close", () => controller?.abort());
    init.signal = controller.signal;
  }
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new globalThis.Request(url, init);
}

async function send(req: Request, res: Response, response: WithDocumentBody, compressStream: RequestHandler) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers) res.append(key, value);
  // A page, a JSON answer (made whole by its route) or a page's data for a navigation in the browser
  // (single fetch's turbo-stream, whole since no loader defers) is compressed and written in one piece.
  // Not an answer given before the request's body was read through (an upload refused for its
  // size): the connection closes after it, and written in one piece with the close, the client,
  // still sending, could get a reset before reading it; streamed, the answer reaches it first.
  const whole =
    response[DOCUMENT_BODY] ?? (response.body && req.complete && WHOLE_TYPE.test(response.headers.get("Content-Type") ?? "") ? Buffer.from(await response.arrayBuffer()) : null);
  if (whole) {
    const body = compressWhole(req, res, whole);
    res.setHeader("Content-Length", body.length);
    res.end(body);
    return;
  }
  // The middleware sets itself up synchronously, before anything is written.
  compressStream(req, res, () => {});
  // Server-sent events: the headers go now, each event as it is written.
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  // The body is written as it comes, and cancelled if the client goes away first: a stream that
  // never ends (server-sent events) then stops its timers and listeners.
  const reader = response.body.getReader();
  let finished = false;
  res.on("close", () => {
    if (!finished) reader.cancel().catch(() => {});
  });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      res.write(value);
    }
  } catch (error) {
    res.destroy(error as Error);
    throw error;
  } finally {
    finished = true;
  }
  res.end();
}

/** JSON, and single fetch's `.data` answers (text/x-script). */
const WHOLE_TYPE = /^(?:application\/json|text\/x-script)\b/i;

const BROTLI_PAGE = { [zlib.constants.BROTLI_PARAM_QUALITY]: 3, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 };

/** Answers smaller than this go as they are (the compression middleware's threshold in server/app.ts). */
const COMPRESS_FROM_BYTES = 256;

/** From this size up, Brotli is preferred to gzip (see compressWhole). */
const BROTLI_FROM_BYTES = 64 * 1024;

/**
 * A page, JSON or `.data` answer is compressed here, in one call on its whole
 * buffer, rather than streamed through zlib in chunks by the compression
 * middleware, which is not applied to it (bench/README.md, "Profiles"). Below
 * 64 KB (every page but a long run log) gzip at level 3 takes 40% to 60% of
 * Brotli quality 3's time for 0.2% to 10% more bytes, still within the first
 * round trip; above it Brotli's output is a tenth smaller for the same time
 * (docs/decisions/2026-11-24-page-compression.md).
 * Either is sent when it is the only one the browser accepts. Quality 3 costs
 * half the CPU of the middleware's quality 4 for about 6% more bytes. A 256 KB
 * window (LGWIN 18) holds any page whole; the default of 4 MB made each call
 * set up a larger encoder for the same output.
 */
function compressWhole(req: Request, res: Response, page: Buffer): Buffer {
  res.append("Vary", "Accept-Encoding");
  if (page.length < COMPRESS_FROM_BYTES || req.method === "HEAD" || res.getHeader("Content-Encoding")) return page;
  // The second argument (our preference among equals, as the middleware passes it) is missing from @types/negotiator.
  const negotiator = new Negotiator(req) as unknown as { encoding(available: string[], preferred: string[]): string | undefined };
  const encoding = negotiator.encoding(["br", "gzip", "identity"], page.length >= BROTLI_FROM_BYTES ? ["br", "gzip"] : ["gzip", "br"]);
  if (encoding === "br") {
    res.setHeader("Content-Encoding", "br");
    return zlib.brotliCompressSync(page, { params: { ...BROTLI_PAGE, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: page.length } });
  }
  if (encoding === "gzip") {
    res.setHeader("Content-Encoding", "gzip");
    return zlib.gzipSync(page, { level: 3 });
  }
  return page;
}
