import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { PageHeader } from "~/components/PageHeader";
import { Spinner } from "~/components/Spinner";
import { adminStats } from "~/features/admin/admin.server";
import { requireUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { APP_NAME } from "~/schemas/constants";

export const meta: MetaFunction = () => [{ title: `Admin | ${APP_NAME}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  if (!user.isAdmin) return data({ denied: true as const }, { status: 403 });
  return { stats: adminStats(getDb()) };
}

const CARDS = [
  ["totalUsers", "Total Users"],
  ["activeUsers", "Active Users"],
  ["totalEvents", "Total Events"],
  ["pendingShowbills", "Pending Showbills"],
] as const;

export default function Admin() {
  const loaderData = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  if (navigation.state === "loading" && navigation.location.pathname === "/admin") {
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
      <PageHeader title="Admin Dashboard" />
      <main id="main" className="mx-auto max-w-6xl px-4 py-4">
        <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {CARDS.map(([key, label]) => (
            <li key={key} className="card">
              <p className="text-sm text-gray-700">{label}</p>
              <p className="text-3xl font-bold text-gray-900">{loaderData.stats[key]}</p>
            </li>
          ))}
        </ul>
      </main>
    </>
  );
}
