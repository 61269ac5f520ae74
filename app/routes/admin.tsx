import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { z } from "zod";
import { PageHeader } from "~/components/PageHeader";
import { Spinner } from "~/components/Spinner";
import {
  adminStats,
  banUser,
  changeUserEmail,
  deleteEvent,
  deleteRun,
  invitationStats,
  listEventReports,
  listEvents,
  listPendingShowbills,
  listPublicRuns,
  listUserReports,
  resetUserPassword,
  reviewEventReport,
  reviewUserReport,
  searchUsers,
  sendAnnouncementTo,
  sendAnnouncementToAll,
  setShowbillApproval,
} from "~/features/admin/admin.server";
import { AdminTabContent, TABS, type TabId } from "~/features/admin/AdminTabs";
import { listAudit } from "~/features/admin/audit.server";
import { redirectWithToast, requireUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { HttpError } from "~/lib/http.server";
import { adminEmailSchema, adminPasswordSchema, massNotificationSchema, reportStatusSchema, sendNotificationSchema } from "~/schemas/admin";
import { APP_NAME } from "~/schemas/constants";
import { readForm } from "~/lib/forms.server";

export const meta: MetaFunction = () => [{ title: `Admin | ${APP_NAME}` }];

const tabOf = (url: URL): TabId => {
  const tab = url.searchParams.get("tab");
  return TABS.some((t) => t.id === tab) || tab === "audit" ? (tab as TabId) : "users";
};

/** Only the open tab's data is read: the dashboard stays quick with 100k users. */
function loadTab(tab: TabId, url: URL) {
  const db = getDb();
  switch (tab) {
    case "users": {
      const q = url.searchParams.get("q") ?? "";
      const page = Math.max(1, Number(url.searchParams.get("page")) || 1);
      return { tab, ...searchUsers(db, q, page), q };
    }
    case "reported-users":
      return { tab, ...listUserReports(db) };
    case "reported-events":
      return { tab, ...listEventReports(db) };
    case "showbills":
      return { tab, events: listPendingShowbills(db) };
    case "events":
      return { tab, events: listEvents(db) };
    case "runs":
      return { tab, runs: listPublicRuns(db) };
    case "invites":
      return { tab, stats: invitationStats(db) };
    case "notifications": {
      const q = url.searchParams.get("q") ?? "";
      return { tab, q, candidates: q ? searchUsers(db, q, 1).users : [] };
    }
    case "audit":
      return { tab, entries: listAudit(db) };
  }
}
export type TabData = NonNullable<ReturnType<typeof loadTab>>;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  if (!user.isAdmin) return data({ denied: true as const }, { status: 403 });
  const url = new URL(request.url);
  return { stats: adminStats(getDb()), data: loadTab(tabOf(url), url) };
}

const intentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("ban"), userId: z.string() }),
  z.object({ intent: z.literal("reset-password"), userId: z.string() }).merge(adminPasswordSchema),
  z.object({ intent: z.literal("change-email"), userId: z.string() }).merge(adminEmailSchema),
  z.object({ intent: z.literal("review-user-report"), reportId: z.coerce.number() }).merge(reportStatusSchema),
  z.object({ intent: z.literal("review-event-report"), reportId: z.coerce.number() }).merge(reportStatusSchema),
  z.object({ intent: z.literal("showbill"), eventId: z.string(), approved: z.enum(["true", "false"]) }),
  z.object({ intent: z.literal("delete-event"), eventId: z.string() }),
  z.object({ intent: z.literal("delete-run"), runId: z.string() }),
  z.object({ intent: z.literal("notify-all") }).merge(massNotificationSchema),
  z.object({ intent: z.literal("notify-selected") }).merge(sendNotificationSchema),
]);

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireUser(request);
  if (!admin.isAdmin) return data({ error: "You need administrator privileges to do this." }, { status: 403 });
  const url = new URL(request.url);
  url.searchParams.delete("confirm");
  const back = `${url.pathname}${url.search}`;
  const form = await readForm(request);
  const parsed = intentSchema.safeParse({ ...Object.fromEntries(form), userIds: form.getAll("userIds") });
  if (!parsed.success) {
    return data({ error: parsed.error.issues[0]?.message ?? "Invalid request", intent: String(form.get("intent")) }, { status: 400 });
  }
  const input = parsed.data;
  const db = getDb();
  try {
    const done = (title: string, description?: string) => redirectWithToast(back, { type: "success", title, description });
    switch (input.intent) {
      case "ban":
        banUser(db, admin, input.userId);
        return done("User Banned");
      case "reset-password":
        await resetUserPassword(db, admin, input.userId, input.newPassword);
        return done("Password Reset");
      case "change-email":
        changeUserEmail(db, admin, input.userId, input.newEmail);
        return done("Email Updated");
      case "review-user-report":
        reviewUserReport(db, admin, input.reportId, input.status);
        return done("Report Updated");
      case "review-event-report":
        reviewEventReport(db, admin, input.reportId, input.status);
        return done("Event Report Updated");
      case "showbill":
        setShowbillApproval(db, admin, input.eventId, input.approved === "true");
        return done(input.approved === "true" ? "Showbill Approved" : "Showbill Rejected");
      case "delete-event":
        deleteEvent(db, admin, input.eventId);
        return done("Event Deleted");
      case "delete-run":
        deleteRun(db, admin, input.runId);
        return done("Run log deleted");
      case "notify-all": {
        const count = sendAnnouncementToAll(db, admin, input);
        return done("Notification Sent", `Sent to ${count} users.`);
      }
      case "notify-selected": {
        const count = sendAnnouncementTo(db, admin, input.userIds, input);
        return done("Notification Sent", `Sent to ${count} users.`);
      }
    }
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const failed = input.intent === "showbill" ? "Failed to update showbill approval status." : error.message;
    return data({ error: failed, intent: input.intent }, { status: error.status });
  }
}

export default function Admin() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  if (navigation.state === "loading" && navigation.location.pathname === "/admin" && !("stats" in loaderData)) {
    return <Spinner label="Checking access..." />;
  }
  if ("denied" in loaderData) {
    return (
      <main id="main" className="mx-auto max-w-md px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-gray-900">Access Denied</h1>
        <p className="mt-2 text-gray-700">Access Denied - You need administrator privileges to access this page.</p>
      </main>
    );
  }
  const { stats, data: tab } = loaderData;
  const cards = [
    ["Total Users", stats.totalUsers],
    ["Active Users", stats.activeUsers],
    ["Total Events", stats.totalEvents],
    ["Pending Showbills", stats.pendingShowbills],
  ] as const;
  return (
    <>
      <PageHeader
        title="Admin Dashboard"
        wide
        actions={
          <Link to="?tab=audit" className="link text-sm">
            Audit log
          </Link>
        }
      />
      <main id="main" className="mx-auto max-w-6xl px-4 py-4">
        <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {cards.map(([label, value]) => (
            <li key={label} className="card">
              <p className="text-sm text-gray-700">{label}</p>
              <p className="text-3xl font-bold text-gray-900">{value}</p>
            </li>
          ))}
        </ul>
        <nav aria-label="Admin sections" className="-mx-4 mt-4 overflow-x-auto px-4">
          <ul className="flex min-w-max gap-1 border-b border-gray-200">
            {TABS.map((t) => (
              <li key={t.id}>
                <Link
                  to={`?tab=${t.id}`}
                  aria-current={tab.tab === t.id ? "page" : undefined}
                  className={`flex min-h-[44px] items-center whitespace-nowrap border-b-2 px-3 text-sm font-semibold ${
                    tab.tab === t.id ? "border-brand-700 text-brand-800" : "border-transparent text-gray-600 hover:text-gray-900"
                  }`}
                >
                  {t.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {actionData && "error" in actionData ? (
          <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800">
            Error: {actionData.error}
          </p>
        ) : null}
        <section className="mt-4">
          <AdminTabContent data={tab} confirm={params.get("confirm")} search={params} />
        </section>
      </main>
    </>
  );
}
