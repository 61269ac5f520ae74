import { hasCalendarFeed, revokeCalendarFeed, rotateCalendarFeed } from "~/features/events/calendar-feeds.server";
import { requireApiUser } from "~/lib/auth.server";
import { config } from "~/lib/config.server";
import { getDb } from "~/lib/db.server";
import { apiRoute } from "~/lib/http.server";

export const feedUrl = (token: string) => `${config().appOrigin}/calendar/${token}.ics`;

/** GET {active}; POST makes a new secret feed URL (the old one stops working); DELETE revokes it. */
const route = apiRoute({
  GET: async ({ request }) => {
    const user = await requireApiUser(request);
    return Response.json({ active: hasCalendarFeed(getDb(), user.id) });
  },
  POST: async ({ request }) => {
    const user = await requireApiUser(request);
    return Response.json({ active: true, url: feedUrl(rotateCalendarFeed(getDb(), user.id)) }, { status: 201 });
  },
  DELETE: async ({ request }) => {
    const user = await requireApiUser(request);
    revokeCalendarFeed(getDb(), user.id);
    return Response.json({ active: false });
  },
});
export const loader = route;
export const action = route;
