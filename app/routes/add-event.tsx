import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { EmptyState } from "~/components/EmptyState";
import { PageHeader } from "~/components/PageHeader";
import { requireUser } from "~/lib/auth.server";
import { APP_NAME } from "~/schemas/constants";

export const meta: MetaFunction = () => [{ title: `Add Event | ${APP_NAME}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function Screen() {
  return (
    <>
      <PageHeader title="Add Event" back="/" />
      <main id="main" className="mx-auto max-w-2xl space-y-3 px-4 py-4">
        <EmptyState title="Add an event">Posting events opens here soon.</EmptyState>
      </main>
    </>
  );
}
