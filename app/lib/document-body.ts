/**
 * A rendered page travels from app/entry.server.tsx to the HTTP layer
 * (server/app.ts) as one Buffer under this key of its Response, which has no
 * body stream of its own: the page is written to the socket in one piece,
 * without building a web stream for it and reading it back chunk by chunk
 * (bench/README.md, "Profiles"). Symbol.for, so that the Remix build and the
 * server share the key without sharing a module.
 */
export const DOCUMENT_BODY = Symbol.for("cloverleaf.documentBody");

export type WithDocumentBody = Response & { [DOCUMENT_BODY]?: Buffer };
