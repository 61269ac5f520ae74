import { reportUser } from "~/features/reports/reports.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { userReportSchema } from "~/schemas/social";

/** POST /api/reports {reportedUserId, reason, description}: report another rider. */
const route = apiRoute({
  POST: async ({ request }) => {
    const user = await requireApiUser(request);
    const input = await parseJson(request, userReportSchema);
    const report = reportUser(getDb(), user, input);
    return Response.json({ ...report, message: "Report Submitted" }, { status: 201 });
  },
});
export const loader = route;
export const action = route;
