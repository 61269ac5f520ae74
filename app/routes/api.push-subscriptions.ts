import {
  countPushSubscriptions,
  deletePushSubscription,
  hasPushSubscription,
  savePushSubscription,
} from "~/features/alerts/push.server";
import { requireApiUser } from "~/lib/auth.server";
import { getSession } from "~/lib/session.server";
import { config } from "~/lib/config.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { pushSubscriptionSchema, pushUnsubscribeSchema } from "~/schemas/alert-channels";

/**
 * This device's Web Push subscription. GET answers the server's VAPID
 * public key (what the browser subscribes with), how many devices the rider
 * has, and with `?endpoint=` whether that one is on. POST stores what
 * PushSubscription.toJSON() gives (400 for an endpoint that is not a push
 * service on the internet: app/features/alerts/push-endpoints.server.ts);
 * DELETE {endpoint} turns it off
 * (and answers the same when it was off already).
 */
const route = apiRoute({
  GET: async ({ request }) => {
    const user = await requireApiUser(request);
    const endpoint = new URL(request.url).searchParams.get("endpoint");
    const db = getDb();
    return Response.json({
      vapidPublicKey: config().vapid.publicKey,
      devices: countPushSubscriptions(db, user.id),
      ...(endpoint ? { subscribed: hasPushSubscription(db, user.id, endpoint) } : {}),
    });
  },
  POST: async ({ request }) => {
    const user = await requireApiUser(request);
    const input = await parseJson(request, pushSubscriptionSchema);
    const { id: sessionSid } = await getSession(request);
    savePushSubscription(getDb(), user.id, input, request.headers.get("user-agent"), sessionSid);
    return Response.json({ subscribed: true }, { status: 201 });
  },
  DELETE: async ({ request }) => {
    const user = await requireApiUser(request);
    const { endpoint } = await parseJson(request, pushUnsubscribeSchema);
    // Idempotent: the server may have dropped it already (its push service answered 410).
    deletePushSubscription(getDb(), user.id, endpoint);
    return Response.json({ subscribed: false });
  },
});
export const loader = route;
export const action = route;
