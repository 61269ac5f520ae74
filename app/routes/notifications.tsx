import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { z } from "zod";
import { EmptyState } from "~/components/EmptyState";
import { PageHeader } from "~/components/PageHeader";
import { listNotifications, markAllRead, markRead, NOTIFICATIONS_PAGE, type NotificationItem } from "~/features/notifications/notifications.server";
import { answerFollowRequest } from "~/features/social/follows.server";
import { redirectWithToast, requireUser } from "~/lib/auth.server";
import { useLiveUnreadCount } from "~/lib/useUnreadCount";
import { getDb } from "~/lib/db.server";
import { HttpError } from "~/lib/http.server";
import { shownCount } from "~/lib/paging";
import { ShowMore } from "~/components/ShowMore";
import { APP_NAME, FOLLOW_REQUEST_WORDS } from "~/schemas/constants";
import { formatDateTimeIn } from "~/lib/dates";
import { useViewerZone } from "~/lib/useShellUser";
import { readForm } from "~/lib/forms.server";

export const meta: MetaFunction = () => [{ title: `Notifications | ${APP_NAME}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const tab = url.searchParams.get("tab") === "all" ? "all" : "unread";
  const shown = shownCount(url, "shown", NOTIFICATIONS_PAGE);
  // One more than shown tells whether there is more.
  const items = listNotifications(getDb(), user.id, { unreadOnly: tab === "unread", limit: shown + 1 });
  return { tab, items: items.slice(0, shown), more: items.length > shown ? shown + NOTIFICATIONS_PAGE : null };
}

const intentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("read"), id: z.coerce.number().int() }),
  z.object({ intent: z.literal("read-all") }),
  z.object({ intent: z.enum(["approve", "reject"]), requestId: z.coerce.number().int(), id: z.coerce.number().int() }),
]);

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const parsed = intentSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return data({ error: "Invalid request" }, { status: 400 });
  const back = new URL(request.url);
  const here = `${back.pathname}${back.search}`;
  const db = getDb();
  const input = parsed.data;
  try {
    switch (input.intent) {
      case "read":
        markRead(db, user.id, input.id);
        return redirectWithToast(here, { type: "success", title: "Marked as read" });
      case "read-all":
        markAllRead(db, user.id);
        return redirectWithToast(here, { type: "success", title: "All notifications marked as read" });
      case "approve":
      case "reject": {
        answerFollowRequest(db, user, input.requestId, input.intent === "approve");
        markRead(db, user.id, input.id);
        return redirectWithToast(here, {
          type: "success",
          title: input.intent === "approve" ? FOLLOW_REQUEST_WORDS.approved : FOLLOW_REQUEST_WORDS.declined,
        });
      }
    }
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return redirectWithToast(here, { type: "error", title: "Error", description: error.message });
  }
}

/** Where a notification leads: the shared item or the person. */
function linkFor(n: NotificationItem) {
  // An alert names where it leads (an event, a horse's papers); only paths within the app are followed.
  const url = n.metadata?.url;
  if ((n.type === "alert" || n.type === "race_timer") && typeof url === "string" && url.startsWith("/") && !url.startsWith("//")) return url;
  if (n.relatedEventId) return `/share/event/${n.relatedEventId}`;
  if (n.relatedRunLogId) return `/share/run-log/${n.relatedRunLogId}`;
  const profile = n.metadata?.requesterProfileUrl ?? n.metadata?.followerProfileUrl ?? n.metadata?.approverProfileUrl;
  return typeof profile === "string" && profile.startsWith("/profile/") ? profile : null;
}

function Item({ n }: { n: NotificationItem }) {
  const zone = useViewerZone();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const href = linkFor(n);
  const decided = n.requestStatus && n.requestStatus !== "PENDING";
  return (
    <li className={`card ${n.isRead ? "" : "border-l-4 border-brand-600"}`}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold text-gray-900">
            {!n.isRead ? <span className="sr-only">Unread: </span> : null}
            {n.title}
          </p>
          <p className="mt-0.5 text-gray-800">{n.message}</p>
          <p className="mt-1 text-sm text-gray-600">{formatDateTimeIn(n.createdAt, zone)}</p>
        </div>
        {!n.isRead ? (
          <Form method="post" preventScrollReset className="shrink-0">
            <input type="hidden" name="id" value={n.id} />
            <button type="submit" name="intent" value="read" className="btn-ghost whitespace-nowrap px-2 text-sm" disabled={busy}>
              Mark read
            </button>
          </Form>
        ) : null}
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        {n.type === "follow_request" && n.requestStatus ? (
          decided ? (
            <button type="button" disabled className="btn-secondary">
              {n.requestStatus === "APPROVED" ? "Approved" : "Declined"}
            </button>
          ) : (
            <Form method="post" className="flex gap-2" preventScrollReset>
              <input type="hidden" name="requestId" value={String(n.metadata?.requestId)} />
              <input type="hidden" name="id" value={n.id} />
              <button type="submit" name="intent" value="approve" className="btn-primary" disabled={busy}>
                Approve
              </button>
              <button type="submit" name="intent" value="reject" className="btn-secondary" disabled={busy}>
                Decline
              </button>
            </Form>
          )
        ) : null}
        {href ? (
          <a data-discover href={href} className="btn-ghost">
            {n.type === "race_timer" ? "Open the booth" : n.relatedEventId ? "View event" : n.relatedRunLogId ? "View run" : n.type === "alert" ? "Open" : "View profile"}
          </a>
        ) : null}
      </div>
    </li>
  );
}

export default function Notifications() {
  const { tab, items, more } = useLoaderData<typeof loader>();
  // A new notification arriving on the live stream refreshes this list too, unless a
  // navigation or form post is under way: it loads the list anyway, and interrupting
  // it would drop the toast its answer carries (Approve's "Follow request approved").
  const live = useLiveUnreadCount();
  const revalidator = useRevalidator();
  const busy = useNavigation().state !== "idle";
  const seen = useRef(live);
  useEffect(() => {
    if (live === seen.current) return;
    seen.current = live;
    if (!busy && revalidator.state === "idle") revalidator.revalidate();
  }, [live, busy, revalidator]);
  const tabs = [
    ["unread", "Unread"],
    ["all", "All"],
  ] as const;
  return (
    <>
      <PageHeader
        title="Notifications"
        actions={
          <Form method="post">
            <button type="submit" name="intent" value="read-all" className="btn-ghost text-sm">
              Mark all read
            </button>
          </Form>
        }
      />
      <main id="main" className="mx-auto max-w-2xl px-4 py-4">
        <nav aria-label="Notification filters" className="mb-3 flex gap-2">
          {tabs.map(([id, label]) => (
            <a data-discover
              key={id}
              href={id === "unread" ? "?" : "?tab=all"}
              aria-current={tab === id ? "page" : undefined}
              className={`btn flex-1 ${tab === id ? "bg-brand-700 text-white" : "border border-brand-300 bg-white text-brand-800"}`}
            >
              {label}
            </a>
          ))}
        </nav>
        {items.length === 0 ? (
          <EmptyState title={tab === "unread" ? "No unread notifications" : "No notifications yet"} />
        ) : (
          <ul className="space-y-3">
            {items.map((n) => (
              <Item key={n.id} n={n} />
            ))}
          </ul>
        )}
        {more ? <ShowMore param="shown" next={more} /> : null}
      </main>
    </>
  );
}
