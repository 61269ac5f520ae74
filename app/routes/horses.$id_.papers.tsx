import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { FormError } from "~/components/FormError";
import { NotFound } from "~/components/NotFound";
import { PageHeader } from "~/components/PageHeader";
import { PapersSection } from "~/features/horses/PapersSection";
import { papersAction, papersScreen } from "~/features/horses/papersScreen.server";
import { APP_NAME } from "~/schemas/constants";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.found ? `${data.horse.name}'s papers` : "Horse Not Found"} | ${APP_NAME}` }];
export const loader = ({ request, params }: LoaderFunctionArgs) => papersScreen(request, params.id ?? "");
export const action = ({ request, params }: ActionFunctionArgs) => papersAction(request, params.id ?? "");

/** A horse's papers on their own: what the phone keeps for the gate, and where the papers forms post. */
export default function HorsePapersPage() {
  const screen = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (!screen.found) return <NotFound title="Horse Not Found" text="This horse is not in your stable." />;
  const { horse, papers } = screen;
  const result = actionData && "result" in actionData ? actionData.result : null;
  // New dates refused without JavaScript land here (the paper's page sends them with a fetcher otherwise).
  const datesError = result?.intent === "dates" ? [result.formError, ...Object.values(result.fieldErrors).flat()].filter(Boolean).join(" ") : null;
  return (
    <>
      <PageHeader title={`${horse.name}'s papers`} back={`/horses/${horse.id}`} />
      <main id="main" className="mx-auto max-w-2xl space-y-4 px-4 py-4">
        <FormError message={datesError ? `The dates were not changed: ${datesError}` : null} />
        <PapersSection horseId={horse.id} horseName={horse.name} papers={papers} back={`/horses/${horse.id}/papers`} lastResult={result} />
      </main>
    </>
  );
}
