import fs from "node:fs";
import { Readable } from "node:stream";
import { paperFile } from "~/features/horses/papers.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute } from "~/lib/http.server";

/**
 * GET /api/horses/{id}/documents/{docId}/file: the paper's file, to its
 * owner's session only (anyone else: 404). `private, no-store`: no shared
 * cache and no browser cache keeps it; the one copy off the server is the
 * one the service worker keeps for the signed-in owner (public/sw.js), which
 * signing out deletes. Sandboxed like every stored file, so a PDF or image
 * can never run as a page of the site.
 */
const route = apiRoute({
  GET: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const found = paperFile(getDb(), user, params.id ?? "", params.docId ?? "");
    const stat = fs.statSync(found.file);
    return new Response(Readable.toWeb(fs.createReadStream(found.file)) as ReadableStream, {
      headers: {
        "Content-Type": found.contentType,
        "Content-Length": String(stat.size),
        "Cache-Control": "private, no-store",
        "Content-Security-Policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
        "Content-Disposition": `inline; filename="${found.name}"`,
      },
    });
  },
});
export const loader = route;
export const action = route;
