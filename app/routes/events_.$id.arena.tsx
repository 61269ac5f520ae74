import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ArenaScreen } from "~/features/ondeck/ArenaScreen";
import { arenaView } from "~/features/ondeck/arena.server";
import { findRaceEvent } from "~/features/raceday/access.server";
import { getUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { HttpError } from "~/lib/http.server";
import { APP_NAME } from "~/schemas/constants";

/** The arena screen: a TV in the office or over the stands, no sign-in, no navigation around it. */
export const handle = { screen: true };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Arena: ${data?.view.eventName ?? "Race"} | ${APP_NAME}` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const db = getDb();
  try {
    const event = findRaceEvent(db, await getUser(request), params.id ?? "");
    const draw = new URL(request.url).searchParams.get("view") === "draw";
    return { view: arenaView(db, event.id)!, draw };
  } catch (error) {
    if (error instanceof HttpError) throw new Response(error.message, { status: error.status });
    throw error;
  }
}

export default function Arena() {
  const { view, draw } = useLoaderData<typeof loader>();
  return <ArenaScreen initial={view} draw={draw} />;
}
