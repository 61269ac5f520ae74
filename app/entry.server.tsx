import "~/lib/context";
import type { ActionFunctionArgs, AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { islandsLoaded } from "~/components/Island";
import { DOCUMENT_BODY, type WithDocumentBody } from "~/lib/document-body";
import { isStorageFailure, noteStorageFailure } from "~/lib/http.server";
import { NonceProvider } from "~/lib/nonce";
import { setAccountHeaders } from "~/lib/offline.server";
import { installPlainMessages } from "~/schemas/error-map";

// Every schema the server parses with speaks in plain words (app/schemas/error-map.ts).
installPlainMessages();

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
export async function handleDataRequest(response: Response, { request }: ActionFunctionArgs) {
  // Whose data this is: the service worker keeps each account's copies apart (app/lib/offline.server.ts).
  await setAccountHeaders(request, response.headers);
  if (!unavailable.has(request)) return response;
  return new Response(response.body, { status: 503, headers: response.headers });
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce ?? "";
  if (unavailable.has(request)) responseStatusCode = 503;
  // Every loader has run before the render starts and no page defers data, so nothing is gained
  // by streaming: the hydration data is read whole first, then the document is rendered to one
  // string and sent as one body (bench/README.md, "Profiles"). The HTTP layer writes the page
  // from DOCUMENT_BODY (app/lib/document-body.ts).
  await Promise.all([prefillHydrationData(remixContext), islandsLoaded()]);
  const html = renderToString(
    <NonceProvider value={nonce}>
      <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
    </NonceProvider>,
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  await setAccountHeaders(request, responseHeaders);
  // The build whose scripts this page loads: the service worker serves a kept page only while it holds them all.
  responseHeaders.set("X-Build", remixContext.manifest.version);
  const response: WithDocumentBody = new Response(null, { headers: responseHeaders, status: responseStatusCode });
  response[DOCUMENT_BODY] = Buffer.from(`<!DOCTYPE html>${html}`);
  return response;
}

/**
 * The page's loader data for hydration (turbo-stream), which Remix's <Scripts>
 * reads during the render, one React suspension per chunk. With nothing
 * deferred, patched Remix hands it over already encoded, as text
 * (patches/README.md); otherwise it comes as a stream, read here to its end.
 * Either way it goes to <Scripts> as one finished chunk in the cache it reads
 * first, so the render never suspends and the page can be rendered to a
 * string. The browser receives the same data, in one script instead of several.
 * (Remix ends a stream after `streamTimeout` whatever is left pending.)
 */
async function prefillHydrationData(context: EntryContext) {
  const handoff = context.serverHandoffStream as ReadableStream<Uint8Array> | string | undefined;
  if (handoff === undefined) return;
  const text = typeof handoff === "string" ? handoff : await readToEnd(handoff);
  const meta = context.renderMeta;
  if (!meta) throw new Error("Remix's render state is missing: see prefillHydrationData in app/entry.server.tsx.");
  meta.streamCache = { 0: Object.assign(Promise.resolve(), { result: { done: true, value: text } }) };
  context.serverHandoffStream = { getReader: () => ({ read: async () => ({ done: true, value: undefined }) }) } as unknown as ReadableStream;
}

async function readToEnd(stream: ReadableStream<Uint8Array>) {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (value) text += decoder.decode(value, { stream: true });
    if (done) break;
  }
  return text + decoder.decode();
}
