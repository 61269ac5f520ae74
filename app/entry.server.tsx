import "~/lib/context";
import { Writable } from "node:stream";
import type { ActionFunctionArgs, AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { DOCUMENT_BODY, type WithDocumentBody } from "~/lib/document-body";
import { isStorageFailure, noteStorageFailure } from "~/lib/http.server";
import { NonceProvider } from "~/lib/nonce";

export const streamTimeout = 5_000;

/** Requests whose loader or action failed for want of storage: their page answers 503, not 500. */
const unavailable = new WeakSet<Request>();

/**
 * Every unexpected error of a page or form post comes here first (the /api
 * routes answer their own, in apiHandler). A full disk or a read-only
 * database is not a bug: the answer becomes 503 (below) and the error page
 * asks the rider to try again later.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted || isClientWarning(error)) return;
  if (isStorageFailure(error)) {
    unavailable.add(request);
    noteStorageFailure(error, request);
    return;
  }
  // A 4xx that Remix made itself (a POST to a page without an action, a path without a route) is bad input, not an error of ours.
  if (isRouteErrorResponse(error)) {
    if (error.status < 500) return;
    console.error((error as { error?: unknown }).error ?? error);
    return;
  }
  console.error(error);
};

/** Remix reports a client that adds `?_data` to a URL through handleError; it is the client's doing, answered as usual. */
const isClientWarning = (error: unknown) =>
  error instanceof Error && error.message.startsWith("Warning: Single fetch-enabled apps should not be making ?_data requests");

/** JavaScript form posts and navigations (single fetch `.data` requests): the same 503. */
export function handleDataRequest(response: Response, { request }: ActionFunctionArgs) {
  if (!unavailable.has(request)) return response;
  return new Response(response.body, { status: 503, headers: response.headers });
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce ?? "";
  if (unavailable.has(request)) responseStatusCode = 503;
  // Every loader has run before the render starts and no page defers data, so nothing is gained
  // by streaming: the document is rendered whole and sent as one body. Streaming it cost a
  // write per React chunk through three stream adapters (bench/README.md, "Profiles"). The
  // HTTP layer writes the page from DOCUMENT_BODY (app/lib/document-body.ts).
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const chunks: Buffer[] = [];
    // No "close" event: React listens for it to abort the render, and ending a finished
    // stream there built an error object per page (bench/README.md, "Profiles").
    const sink = new Writable({
      emitClose: false,
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    });
    sink.on("finish", () => {
      clearTimeout(timer);
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      const response: WithDocumentBody = new Response(null, { headers: responseHeaders, status: responseStatusCode });
      response[DOCUMENT_BODY] = Buffer.concat(chunks);
      resolve(response);
    });
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    const timer = setTimeout(abort, streamTimeout + 1000);
  });
}
