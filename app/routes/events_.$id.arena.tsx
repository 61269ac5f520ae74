import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ArenaScreen } from "~/features/ondeck/ArenaScreen";
import { arenaScreen } from "~/features/ondeck/screens.server";
import { APP_NAME } from "~/schemas/constants";

/** The arena screen: a TV in the office or over the stands, no sign-in, no navigation around it. */
export const handle = { screen: true };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Arena: ${data?.view.eventName ?? "Race"} | ${APP_NAME}` }];

export const loader = ({ request, params }: LoaderFunctionArgs) => arenaScreen(request, params.id ?? "");

export default function Arena() {
  const { view, draw } = useLoaderData<typeof loader>();
  return <ArenaScreen initial={view} draw={draw} />;
}
