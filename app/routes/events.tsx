import { profileMembership } from "~/features/members/members.server";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { CopyButton } from "~/components/CopyButton";
import { EmptyState } from "~/components/EmptyState";
import { ShowMore } from "~/components/ShowMore";
import { PageHeader } from "~/components/PageHeader";
import { hasCalendarFeed, revokeCalendarFeed, rotateCalendarFeed } from "~/features/events/calendar-feeds.server";
import { myEventsPage, type MyEventsFolder } from "~/features/events/my-events.server";
import { EventCard } from "~/features/events/EventCard";
import { todayFor } from "~/features/events/search.server";
import { MyEntriesSection } from "~/features/raceday/MyEntries";
import { myReceipts, receiptMail } from "~/features/books/ledger.server";
import { homeZone } from "~/features/events/zones.server";
import { ReceiptsSection } from "~/features/books/Receipts";
import { sendMail } from "~/lib/mail.server";
import { myEntries } from "~/features/raceday/entries.server";
import { myRunsByEntry } from "~/features/ondeck/ondeck.server";
import { useMyRuns } from "~/features/ondeck/useMyRuns";
import { MyResultsSection } from "~/features/raceday/MyResults";
import { myResults } from "~/features/raceday/results.server";
import { eventsTimedBy } from "~/features/raceday/timers.server";
import { requireUser } from "~/lib/auth.server";
import { config } from "~/lib/config.server";
import { getDb } from "~/lib/db.server";
import { APP_NAME } from "~/schemas/constants";
import { readForm } from "~/lib/forms.server";
import { formatDate } from "~/lib/dates";

export const meta: MetaFunction = () => [{ title: `My Events | ${APP_NAME}` }];

const FOLDERS = [
  { key: "saved", label: "Saved Events", empty: "No saved events yet", hint: "Save events from Discover and they will show up here." },
  { key: "created", label: "Created Events", empty: "No created events yet", hint: "Events you add show up here." },
  { key: "past", label: "Past Events", empty: "No past events yet", hint: "Saved and created events move here once they end." },
] as const satisfies ReadonlyArray<{ key: MyEventsFolder; label: string; empty: string; hint: string }>;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const db = getDb();
  const raceEntries = myEntries(db, user, todayFor(user.homeZipCode));
  return {
    ...myEventsPage(db, user, new URL(request.url)),
    origin: config().appOrigin,
    feedActive: hasCalendarFeed(db, user.id),
    raceEntries,
    // Each entry's place in line once its draw is published (the rider's own and their managed riders').
    myRuns: Object.fromEntries(myRunsByEntry(db, user, [...new Set(raceEntries.entries.map((e) => e.eventId))])),
    raceResults: myResults(db, user.id),
    timing: eventsTimedBy(db, user.id),
    membership: profileMembership(db, user, user, todayFor(user.homeZipCode)),
    receipts: myReceipts(db, user).receipts,
  };
}

/** The calendar feed: a new secret URL (shown once; the old one stops working), or none. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "receipt-mail") {
    const mail = receiptMail(myReceipts(getDb(), user), String(form.get("entryId") ?? ""), user.email, homeZone(user));
    if (!mail) return data({ feedUrl: null, revoked: false, mailed: false }, { status: 404 });
    await sendMail(mail);
    return data({ feedUrl: null, revoked: false, mailed: true });
  }
  if (intent === "feed-revoke") {
    revokeCalendarFeed(getDb(), user.id);
    return data({ feedUrl: null, revoked: true });
  }
  const token = rotateCalendarFeed(getDb(), user.id);
  return data({ feedUrl: `${config().appOrigin}/calendar/${token}.ics`, revoked: false });
}

export default function MyEvents() {
  const loaded = useLoaderData<typeof loader>();
  const places = useMyRuns(loaded.myRuns);
  const actionData = useActionData<typeof action>();
  // The loader answers one of the folders (myEventsPage reads `?folder=`).
  const folder = FOLDERS.find((f) => f.key === loaded.folder) ?? FOLDERS[0];
  const list = loaded.list;
  const feedActive = actionData ? Boolean(actionData.feedUrl) : loaded.feedActive;
  // ?eventId= (after cancelling or postponing one): that card is marked and brought into view.
  const highlightId = useSearchParams()[0].get("eventId");

  return (
    <>
      <PageHeader title="My Events" />
      <main id="main" className="mx-auto max-w-2xl space-y-4 px-4 py-4 pb-24">
        <MembershipLine membership={useLoaderData<typeof loader>().membership} />
        <nav aria-label="Folders" className="grid grid-cols-3 gap-2">
          {FOLDERS.map((f) => (
            <a data-discover
              key={f.key}
              href={`?folder=${f.key}`}
              aria-current={f.key === folder.key ? "page" : undefined}
              className={`flex min-h-[56px] flex-col items-center justify-center rounded-xl border px-1 text-center text-sm font-semibold ${
                f.key === folder.key ? "border-brand-700 bg-brand-700 text-white" : "border-gray-300 bg-white text-gray-900"
              }`}
            >
              {f.label}
              <span className="text-base">{loaded.counts[f.key]}</span>
            </a>
          ))}
        </nav>
        <TimingSection timing={loaded.timing} />
        <MyEntriesSection mine={loaded.raceEntries} places={places} />
        <MyResultsSection results={loaded.raceResults} />
        <section aria-label={folder.label} className="space-y-3">
          {list.length ? list.map((e) => <EventCard key={e.id} event={e} origin={loaded.origin} highlight={e.id === highlightId} />) : <EmptyState title={folder.empty}>{folder.hint}</EmptyState>}
          {loaded.more ? <ShowMore param="shown" next={loaded.more} label="Show more events" /> : null}
        </section>
        {/* Receipts can run long: they follow the rider's events, not push them down. */}
        <ReceiptsSection receipts={loaded.receipts} mailed={Boolean(actionData && "mailed" in actionData && actionData.mailed)} />
        <section className="card space-y-2">
          <h2 className="font-bold text-gray-900">Calendar feed</h2>
          <p className="text-sm text-gray-700">
            Subscribe from your phone&apos;s calendar to see your saved events there. The link is private: anyone with it can see your saved events.
          </p>
          {actionData?.feedUrl ? (
            <div>
              <label htmlFor="feed-url" className="label">
                Your feed link (shown once; copy it now)
              </label>
              <input id="feed-url" readOnly value={actionData.feedUrl} className="input font-mono text-xs" onFocus={(e) => e.target.select()} />
              <div className="mt-2 flex gap-2">
                <CopyButton text={actionData.feedUrl} fieldId="feed-url" className="btn-secondary px-6" />
                <a href={actionData.feedUrl.replace(/^https?:/, "webcal:")} className="btn-secondary flex-1">
                  Subscribe in Calendar
                </a>
              </div>
            </div>
          ) : null}
          <Form method="post" className="grid grid-cols-2 gap-2">
            <button type="submit" name="intent" value="feed-create" className="btn-secondary">
              {feedActive ? "New Link" : "Create Link"}
            </button>
            {feedActive ? (
              <button type="submit" name="intent" value="feed-revoke" className="btn-ghost text-red-800">
                Turn Off
              </button>
            ) : null}
          </Form>
        </section>
      </main>
    </>
  );
}

/** The rider's membership of the association, with a way to their card (or to join). */
function MembershipLine({ membership }: { membership: { member: boolean; yearName: string | null; kind: string; number: string | null } | null }) {
  return (
    <p className="card flex items-center justify-between gap-2 text-sm text-gray-800" data-testid="my-membership">
      <span>{membership ? (membership.member ? `Member ${membership.number ?? ""} · ${membership.kind}, ${membership.yearName}` : `Membership ${membership.yearName}: dues not marked paid yet`) : "Not a member of the association this year"}</span>
      <a data-discover href="/membership" className="link min-h-[44px] shrink-0 content-center">
        {membership?.member ? "Member card" : "Membership"}
      </a>
    </p>
  );
}

/** The races the rider is named to time, each with the way to its booth. */
function TimingSection({ timing }: { timing: Array<{ eventId: string; name: string; date: string }> }) {
  if (!timing.length) return null;
  return (
    <section className="card space-y-2" aria-labelledby="my-timing">
      <h2 id="my-timing" className="font-bold text-gray-900">
        Races you time
      </h2>
      <ul className="divide-y divide-gray-200 text-sm">
        {timing.map((t) => (
          <li key={t.eventId} className="flex items-center justify-between gap-3 py-2" data-testid="my-timing-event">
            <span className="min-w-0 break-words font-semibold text-gray-900">
              {t.name} <span className="font-normal text-gray-700">· {formatDate(`${t.date}T12:00:00Z`)}</span>
            </span>
            <a data-discover href={`/events/${t.eventId}/booth`} className="btn-secondary shrink-0 px-4">
              Booth
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
