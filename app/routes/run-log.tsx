import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { EmptyState } from "~/components/EmptyState";
import { PageHeader } from "~/components/PageHeader";
import { requireUser } from "~/lib/auth.server";
import { APP_NAME } from "~/schemas/constants";

export const meta: MetaFunction = () => [{ title: `Run Log | ${APP_NAME}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function Screen() {
  return (
    <>
      <PageHeader title="Run Log" />
      <main id="main" className="mx-auto max-w-2xl space-y-3 px-4 py-4">
        <EmptyState title="No Run Logs Yet">Your runs will show up here.</EmptyState>
      </main>
    </>
  );
}
