import { createReadableStreamFromReadable, createRequestHandler, writeReadableStreamToWritable, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import type { NextFunction, Request, Response } from "express";
import { DOCUMENT_BODY, type WithDocumentBody } from "../app/lib/document-body";

/**
 * Remix behind express, as @remix-run/express's handler does it, except that
 * a rendered page (app/entry.server.tsx) is written from its buffer in one
 * call instead of through a web stream. Every other answer (JSON, files, the
 * notification stream) is streamed as before.
 */
export function remixHandler(build: ServerBuild, mode: string, getLoadContext: (req: Request, res: Response) => AppLoadContext) {
  const handle = createRequestHandler(build, mode);
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const response = await handle(createRemixRequest(req, res), getLoadContext(req, res));
      await send(res, response);
    } catch (error) {
      next(error);
    }
  };
}

/** The Fetch request Remix reads, as @remix-run/express builds it (host and protocol under "trust proxy"). */
function createRemixRequest(req: Request, res: Response): globalThis.Request {
  const port = /:(\d+)$/.exec(req.get("X-Forwarded-Host") ?? "")?.[1] ?? /:(\d+)$/.exec(req.get("host") ?? "")?.[1];
  const url = `${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`;
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const each of value) headers.append(key, each);
    else if (value) headers.set(key, value);
  }
  // Loaders and actions are aborted when the client goes away before the answer is written.
  let controller: AbortController | null = new AbortController();
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new globalThis.Request(url, init);
}

async function send(res: Response, response: WithDocumentBody) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers) res.append(key, value);
  const page = response[DOCUMENT_BODY];
  if (page) {
    res.end(page);
    return;
  }
  // Server-sent events: the headers go now, each event as it is written.
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}
