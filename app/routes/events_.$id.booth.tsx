import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/PageHeader";
import { boothAction, boothScreen } from "~/features/raceday/booth.server";
import { BoothScreen } from "~/features/raceday/BoothScreen";
import { ExhibitionForm } from "~/features/raceday/ExhibitionForm";
import { APP_NAME } from "~/schemas/constants";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Booth: ${data?.event.name ?? "Race"} | ${APP_NAME}` }];

export const loader = ({ request, params }: LoaderFunctionArgs) => boothScreen(request, params.id ?? "");
export const action = ({ request, params }: ActionFunctionArgs) => boothAction(request, params.id ?? "");

export default function Booth() {
  const data = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title={`Booth: ${data.event.name}`} back={data.event.canManage ? `/events/${data.event.id}/race-day` : "/events"} width="wide" actions={<a data-discover href={`/events/${data.event.id}/live`} className="btn-ghost text-sm">Live</a>} />
      <main id="main" className="mx-auto max-w-7xl px-4 py-4">
        <BoothScreen data={data} />
        <p className="mt-4 flex flex-wrap gap-x-4 text-sm">
          <a data-discover href={`/events/${data.event.id}/announcer`} className="link inline-flex min-h-[44px] items-center">
            Announcer&apos;s view
          </a>
          <a data-discover href={`/events/${data.event.id}/arena`} className="link inline-flex min-h-[44px] items-center">
            Arena screen
          </a>
        </p>
        {data.event.canManage ? (
          <div className="mt-6">
            <ExhibitionForm eventId={data.event.id} classes={data.classes} back="booth" />
          </div>
        ) : null}
      </main>
    </>
  );
}
