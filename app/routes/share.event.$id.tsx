import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { NotFound } from "~/components/NotFound";
import { getVisibleEvent } from "~/features/events/visibility.server";
import { isEventSaved, saveEvent, unsaveEvent } from "~/features/events/saves.server";
import { calendarUrl, eventTypeBadge, formatDateRange, formatLocalTime } from "~/features/events/format";
import { presentSharedEvent } from "~/features/events/presenters.server";
import { EntryLink, EventStatusBanner } from "~/features/events/EventStatus";
import { ShareMenu } from "~/components/ShareMenu";
import { eventsWithClasses } from "~/features/raceday/entries.server";
import { eventJackpotShare } from "~/features/books/ledger.server";
import { MyRunsCard } from "~/features/ondeck/PlaceInLine";
import { myRunsByEntry } from "~/features/ondeck/ondeck.server";
import { useMyRuns } from "~/features/ondeck/useMyRuns";
import { previewOf } from "~/lib/uploads.server";
import { getUser, redirectWithToast, requireUser } from "~/lib/auth.server";
import { config } from "~/lib/config.server";
import { getDb } from "~/lib/db.server";
import { HttpError } from "~/lib/http.server";
import { APP_NAME } from "~/schemas/constants";
import { readForm } from "~/lib/forms.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await getUser(request);
  const event = getVisibleEvent(getDb(), params.id ?? "", viewer);
  if (!event) return data({ event: null, saved: false, signedIn: Boolean(viewer), canSave: false, url: "", origin: "", image: null, showbillPreview: null, hasClasses: false, jackpot: null, myRuns: {} }, { status: 404 });
  const showbillPreview = previewOf(event.showbillUrl);
  return {
    event: presentSharedEvent(event),
    signedIn: Boolean(viewer),
    canSave: Boolean(viewer) && event.createdBy !== viewer?.id,
    saved: viewer ? isEventSaved(getDb(), viewer.id, event.id) : false,
    url: `${config().appOrigin}/share/event/${event.id}`,
    origin: config().appOrigin,
    showbillPreview,
    hasClasses: eventsWithClasses(getDb(), [event.id]).has(event.id),
    // Associations ask that a jackpot under 80% of the fees (70% with $1,000 added) says so where riders read it.
    jackpot: eventJackpotShare(getDb(), event.id),
    // The viewer's own places in line (their runs and their managed riders'): nobody else's.
    myRuns: viewer ? Object.fromEntries(myRunsByEntry(getDb(), viewer, [event.id])) : {},
    // Link previews (Facebook, X, iMessage) fetch this server HTML without running JavaScript.
    image: absolute(showbillPreview?.url ?? event.imageUrl),
  };
}

function absolute(url: string | null | undefined) {
  if (!url) return null;
  return url.startsWith("/") ? `${config().appOrigin}${url}` : url;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const event = data?.event;
  if (!event) return [{ title: `Event Not Found | ${APP_NAME}` }];
  const place = [event.arenaName, event.location].filter(Boolean).join(", ");
  const description = `${formatDateRange(event.date, event.endDate)} · ${place}`;
  return [
    { title: `${event.name} | ${APP_NAME}` },
    { name: "description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:title", content: event.name },
    { property: "og:description", content: description },
    { property: "og:url", content: data.url },
    { name: "twitter:card", content: data.image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: event.name },
    { name: "twitter:description", content: description },
    ...(data.image
      ? [
          { property: "og:image", content: data.image },
          { property: "og:image:alt", content: `Showbill for ${event.name}` },
          { name: "twitter:image", content: data.image },
        ]
      : []),
  ];
};

/** Save / unsave from the share page; a visitor is sent to /login first. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  // One field with two values: checked by hand, because importing zod here would ship it to the browser.
  const intent = (await readForm(request)).get("intent");
  if (intent !== "save" && intent !== "unsave") return data({ error: "Unknown action" }, { status: 400 });
  const eventId = params.id ?? "";
  const here = `/share/event/${eventId}`;
  try {
    if (intent === "save") {
      saveEvent(getDb(), user, eventId);
      return redirectWithToast(here, { type: "success", title: "Event Saved!" });
    }
    unsaveEvent(getDb(), user, eventId);
    return redirectWithToast(here, { type: "success", title: "Event Removed" });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const failed = intent === "save" ? "Failed to save event. Please try again." : "Failed to remove event. Please try again.";
    return redirectWithToast(here, { type: "error", title: failed, description: error.message });
  }
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="py-2">
      <dt className="text-sm text-gray-600">{label}</dt>
      <dd className="font-medium text-gray-900">{children}</dd>
    </div>
  );
}

export default function SharedEvent() {
  const { event, saved, signedIn, canSave, origin, showbillPreview, hasClasses, jackpot, myRuns } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const runs = useMyRuns(myRuns);
  if (!event) return <NotFound title="Event Not Found" text="This event does not exist or is no longer available." />;
  const pendingIntent = navigation.formData?.get("intent");
  const showSaved = pendingIntent ? pendingIntent === "save" : saved;

  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-4">
      <a data-discover href="/" className="link inline-flex min-h-[44px] items-center text-sm">
        {APP_NAME}
      </a>
      <article className="card mt-3 overflow-hidden p-0">
        <EventStatusBanner status={event.status} reason={event.statusReason} />
        {event.imageUrl ? (
          <img src={event.imageUrl} alt={`Showbill for ${event.name}`} width={640} height={360} className="aspect-video w-full bg-brand-100 object-cover" />
        ) : showbillPreview && event.showbillUrl ? (
          <a href={event.showbillUrl} target="_blank" rel="noopener noreferrer" className="block bg-gray-100">
            {/* Full width, height from the preview's own proportions (at most 420 px): the box is there before the image. */}
            <img
              src={showbillPreview.url}
              alt={`Showbill for ${event.name}`}
              width={showbillPreview.width}
              height={showbillPreview.height}
              decoding="async"
              className="block h-auto max-h-[420px] w-full object-contain"
            />
          </a>
        ) : null}
        <div className="p-4">
          <span className="inline-block rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-bold tracking-wide text-brand-900">
            {eventTypeBadge(event.eventType)}
          </span>
          <h1 className="mt-2 text-2xl font-bold text-gray-900">{event.name}</h1>
          <p className="mt-1 text-gray-800">{event.location}</p>
          <p className="font-semibold text-brand-800">{formatDateRange(event.date, event.endDate)}</p>

          <div className="mt-4 grid grid-cols-2 gap-2">
            {canSave ? (
              <Form method="post" preventScrollReset>
                <button type="submit" name="intent" value={showSaved ? "unsave" : "save"} className={`${showSaved ? "btn-primary" : "btn-secondary"} w-full`} aria-pressed={showSaved}>
                  {showSaved ? "Saved" : "Save Event"}
                </button>
              </Form>
            ) : !signedIn ? (
              <a data-discover href={`/login?redirectTo=${encodeURIComponent(`/share/event/${event.id}`)}`} className="btn-secondary">
                Save Event
              </a>
            ) : null}
            <a href={calendarUrl(event)} target="_blank" rel="noopener noreferrer" className="btn-secondary">
              Calendar
            </a>
          </div>
          <div className="mt-2 grid grid-cols-2 gap-2">
            <ShareMenu type="event" id={event.id} title={event.name} origin={origin} />
            <a href={`/api/events/${event.id}/ics`} className="btn-ghost" download>
              Download .ics
            </a>
          </div>
          {hasClasses ? (
            <div className="mt-2 grid grid-cols-2 gap-2">
              <a data-discover href={`/events/${event.id}/enter`} className="btn-primary">
                Enter
              </a>
              <a data-discover href={`/events/${event.id}/draw`} className="btn-secondary">
                Draw
              </a>
              <a data-discover href={`/events/${event.id}/live`} className="btn-secondary">
                Live
              </a>
              <a data-discover href={`/events/${event.id}/results`} className="btn-secondary">
                Results
              </a>
            </div>
          ) : null}
          {jackpot?.below ? (
            <p role="note" className="mt-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950" data-testid="jackpot-share-note">
              {`${jackpot.percent}% of entry fees go to the jackpot: under the ${jackpot.minimumPercent}% associations ask.`}
            </p>
          ) : null}

          <dl className="mt-4 divide-y divide-gray-100">
            {event.arenaName ? <Detail label="Arena">{event.arenaName}</Detail> : null}
            {event.address ? <Detail label="Address">{event.address}</Detail> : null}
            <Detail label="ZIP">{event.zipCode}</Detail>
            {event.entryFee ? <Detail label="Entry fee">{event.entryFee}</Detail> : null}
            {event.entriesClose && event.status !== "CANCELLED" ? (
              <Detail label={event.entriesClosed ? "Entries closed" : "Entries close"}>{formatLocalTime(event.entriesClose)} (local time)</Detail>
            ) : null}
            {event.entryContact && event.status !== "CANCELLED" && !event.entriesClosed ? (
              <Detail label="How to enter">
                <EntryLink contact={event.entryContact} />
              </Detail>
            ) : null}
          </dl>

          {event.contactName || event.contactPhone || event.contactEmail || event.contactFacebook ? (
            <section className="mt-4">
              <h2 className="font-bold text-gray-900">Contact</h2>
              <ul className="mt-1 space-y-1 text-gray-800">
                {event.contactName ? <li>{event.contactName}</li> : null}
                {event.contactPhone ? (
                  <li>
                    <a className="link" href={`tel:${event.contactPhone}`}>
                      {event.contactPhone}
                    </a>
                  </li>
                ) : null}
                {event.contactEmail ? (
                  <li>
                    <a className="link break-all" href={`mailto:${event.contactEmail}`}>
                      {event.contactEmail}
                    </a>
                  </li>
                ) : null}
                {event.contactFacebook ? (
                  <li>
                    <a className="link break-all" href={event.contactFacebook} target="_blank" rel="noopener noreferrer nofollow">
                      Website
                    </a>
                  </li>
                ) : null}
              </ul>
            </section>
          ) : null}

          {event.description ? (
            <section className="mt-4">
              <h2 className="font-bold text-gray-900">About this event</h2>
              <p className="mt-1 whitespace-pre-line text-gray-800">{event.description}</p>
            </section>
          ) : null}

          {event.showbillUrl ? (
            <a href={event.showbillUrl} target="_blank" rel="noopener noreferrer" className="btn-secondary mt-4 w-full">
              View Showbill
            </a>
          ) : null}
        </div>
      </article>
      {Object.keys(runs).length ? (
        <div className="mt-4">
          <MyRunsCard runs={Object.values(runs)} title="My place in line" />
        </div>
      ) : null}
      {!signedIn ? (
        <div className="mt-4 text-center">
          <a data-discover href="/register" className="btn-primary w-full">
            Get Started Free
          </a>
        </div>
      ) : null}
    </main>
  );
}
