import { importMembers } from "~/features/members/csv.server";
import { requireApiAdmin } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, HttpError } from "~/lib/http.server";
import { MEMBER_LIMITS, MEMBER_MESSAGES } from "~/schemas/members";

/**
 * POST /api/admin/memberships/import?yearId=&dryRun=true|false, the CSV as the body: what is
 * created, linked and refused (with line numbers). A refused line writes nothing (422).
 */
const route = apiRoute({
  POST: async ({ request }) => {
    await requireApiAdmin(request);
    const url = new URL(request.url);
    const yearId = url.searchParams.get("yearId") ?? "";
    if (!yearId) throw new HttpError(400, MEMBER_MESSAGES.yearId);
    const dryRun = url.searchParams.get("dryRun") ?? "true";
    if (dryRun !== "true" && dryRun !== "false") throw new HttpError(400, "dryRun must be true or false");
    if (Number(request.headers.get("content-length") ?? 0) > MEMBER_LIMITS.importBytes) throw new HttpError(413, "The file is too large: at most 5 MB");
    const report = importMembers(getDb(), yearId, await request.text(), dryRun === "true");
    const refusedFile = !report.dryRun && report.refused.length > 0;
    const message = report.dryRun
      ? `Preview: ${report.created} to create, ${report.linked} to link, ${report.refused.length} refused`
      : refusedFile
        ? `Nothing imported: ${report.refused.length} ${report.refused.length === 1 ? "line is" : "lines are"} refused`
        : `Imported: ${report.created} created, ${report.linked} linked`;
    return Response.json({ message, ...report }, { status: refusedFile ? 422 : report.dryRun ? 200 : 201 });
  },
});
export const loader = route;
export const action = route;
