import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { PageHeader } from "~/components/PageHeader";
import { Spinner } from "~/components/Spinner";
import { adminStats } from "~/features/admin/admin.server";
import { adminIntentSchema, runAdminIntent } from "~/features/admin/actions.server";
import { AdminDashboard } from "~/features/admin/AdminDashboard";
import { failedJobs } from "~/features/admin/jobs.server";
import { loadAdminTab } from "~/features/admin/tabs.server";
import { redirectWithToast, requireUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { readForm } from "~/lib/forms.server";
import { HttpError } from "~/lib/http.server";
import { APP_NAME } from "~/schemas/constants";

export const meta: MetaFunction = () => [{ title: `Admin | ${APP_NAME}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  if (!user.isAdmin) return data({ denied: true as const }, { status: 403 });
  const db = getDb();
  const stats = adminStats(db);
  return { stats, failedJobs: stats.failedJobs > 0 ? failedJobs(db) : [], data: loadAdminTab(db, new URL(request.url)) };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireUser(request);
  if (!admin.isAdmin) return data({ error: "You need administrator privileges to do this." }, { status: 403 });
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  const form = await readForm(request);
  const parsed = adminIntentSchema.safeParse({ ...Object.fromEntries(form), userIds: form.getAll("userIds") });
  if (!parsed.success) {
    const error = parsed.error.issues[0]?.message ?? "Invalid request";
    // A refused announcement comes back with what was typed, to finish it.
    if (String(form.get("intent") ?? "").startsWith("notify")) {
      return data({ error, draft: { title: String(form.get("title") ?? ""), message: String(form.get("message") ?? "") } }, { status: 400 });
    }
    return data({ error }, { status: 400 });
  }
  try {
    const outcome = await runAdminIntent(getDb(), admin, parsed.data);
    return "done" in outcome ? redirectWithToast(back, { type: "success", ...outcome.done }) : outcome;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const message = parsed.data.intent === "showbill" ? "Failed to update showbill approval status." : error.message;
    return data({ error: message }, { status: error.status });
  }
}

export default function Admin() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [search] = useSearchParams();
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
  return (
    <>
      <PageHeader
        title="Admin Dashboard"
        width="wide"
        actions={
          <>
            <a data-discover href="?tab=audit" className="link flex min-h-[44px] items-center text-sm">
              Audit log
            </a>
          </>
        }
      />
      <AdminDashboard stats={loaderData.stats} failedJobs={loaderData.failedJobs} tab={loaderData.data} outcome={actionData} search={search} />
    </>
  );
}
