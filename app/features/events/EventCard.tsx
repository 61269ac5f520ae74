import { useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { ShareMenu } from "~/components/ShareMenu";
import { showToast } from "~/components/Toaster";
import { usePendingIntent } from "~/lib/useLinkNavigation";
import { GROUND_LABELS } from "~/schemas/event-labels";
import { EntriesLine, EventStatusBanner } from "./EventStatus";
import { eventTypeBadge, formatDateRange } from "./format";
import type { CardEvent } from "./presenters.server";

const money = (n: number) => `$${n.toLocaleString("en-US")}`;

/** One event as Discover, search results and My Events show it; every action is a link or a form. */
export function EventCard({ event, origin, highlight = false }: { event: CardEvent; origin?: string; highlight?: boolean }) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const saveKey = `save:${event.id}`;
  const pending = usePendingIntent(saveKey);
  const saved = pending ? pending === "save" : event.saved;

  const chips = [
    event.arenaType === "indoor" ? "Indoor" : "Outdoor",
    event.groundType ? GROUND_LABELS[event.groundType as keyof typeof GROUND_LABELS] ?? event.groundType : null,
    event.addedMoney ? `${money(event.addedMoney)} added` : null,
    event.entryFee ? `Entry ${event.entryFee}` : null,
  ].filter(Boolean);

  return (
    <article
      id={`event-${event.id}`}
      className={highlight ? "event-card ring-4 ring-brand-400" : "event-card"}
      aria-labelledby={`event-${event.id}-name`}
    >
      {highlight ? <ScrollHere id={`event-${event.id}`} /> : null}
      <EventStatusBanner status={event.status} reason={event.statusReason} className="rounded-t-xl" />
      {event.isCreator && !event.showbillApproved ? (
        <div role="status" className="rounded-t-xl border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900">
          <strong className="block">Event Not Approved</strong>
          This event is waiting for admin review and is hidden from others. You can edit and re-submit it for review.
        </div>
      ) : null}
      {event.pendingChange ? (
        <div role="status" className="rounded-t-xl border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900">
          <strong className="block">Change waiting for review</strong>
          <span className="break-words">Riders see this listed version until an admin approves your change ({event.pendingChange.labels}). </span>
          <a data-discover href={`/events/${event.id}/edit`} className="link font-semibold">
            See change
          </a>
        </div>
      ) : null}
      <div className="flex gap-3 p-4">
        {event.showbillUrl ? (
          <a href={event.showbillUrl} target="_blank" rel="noopener noreferrer" className="shrink-0" aria-label={`View showbill for ${event.name}`}>
            {event.showbillThumbUrl ? (
              <img src={event.showbillThumbUrl} alt="" width={72} height={96} loading="lazy" decoding="async" className="h-24 w-[72px] rounded-lg bg-gray-100 object-cover" />
            ) : (
              <span className="flex h-24 w-[72px] items-center justify-center rounded-lg bg-brand-100 text-xs font-bold text-brand-900">PDF</span>
            )}
          </a>
        ) : null}
        <div className="min-w-0 flex-1">
          <div className="flex items-start justify-between gap-2">
            <span className="event-type">
              {eventTypeBadge(event.eventType)}
            </span>
            {event.distance !== null ? <span className="shrink-0 text-sm font-semibold text-gray-700">{event.distance} mi</span> : null}
          </div>
          <h3 id={`event-${event.id}-name`} className="event-name">
            <a data-discover href={`/share/event/${event.id}`} className="hover:underline">
              {event.name}
            </a>
          </h3>
          <p className="font-semibold text-brand-800">{formatDateRange(event.date, event.endDate)}</p>
          <p className="break-words text-gray-800">
            {event.arenaName ? `${event.arenaName} · ` : ""}
            {event.location}
          </p>
          {chips.length ? (
            <ul className="event-facts">
              {chips.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
          ) : null}
          {event.status !== "CANCELLED" ? <EntriesLine entriesClose={event.entriesClose} entriesClosed={event.entriesClosed} entryContact={event.entryContact} /> : null}
        </div>
      </div>
      <div className="event-actions">
        {event.isCreator ? (
          <a data-discover href={`/events/${event.id}/edit`} className="btn-secondary">
            Edit
          </a>
        ) : (
          <form method="post" action={`/events/${event.id}/save`} data-fetcher={saveKey} data-discover>
            <input type="hidden" name="redirectTo" value={here} />
            <button type="submit" name="intent" value={saved ? "unsave" : "save"} aria-pressed={saved} className={`${saved ? "btn-primary" : "btn-secondary"} w-full`}>
              {saved ? "Saved" : "Save"}
            </button>
          </form>
        )}
        <ShareMenu type="event" id={event.id} title={event.name} origin={origin} />
        <details name="card-menu" className="relative">
          <summary className="menu-trigger">More</summary>
          <div className="menu">
            <a href={event.calendarUrl} target="_blank" rel="noopener noreferrer" className="menu-item" onClick={() => showToast({ type: "success", title: "Opening Calendar" })}>
              Add to Google Calendar
            </a>
            <a href={`/api/events/${event.id}/ics`} className="menu-item" download>
              Download .ics
            </a>
            {event.showbillUrl ? (
              <a href={event.showbillUrl} target="_blank" rel="noopener noreferrer" className="menu-item">
                View Showbill
              </a>
            ) : (
              <button
                type="button"
                className="menu-item text-gray-600"
                onClick={() => showToast({ type: "error", title: "No Showbill Available", description: "This event doesn't have a showbill uploaded yet." })}
              >
                No Showbill Available
              </button>
            )}
            {event.isCreator && event.showbillApproved ? (
              <a data-discover href={`/events/${event.id}/race-day`} className="menu-item">
                Race Day
              </a>
            ) : null}
            {event.isCreator && event.showbillApproved ? (
              <a data-discover href={`/events/${event.id}/edit#event-status`} className="menu-item">
                {event.status === "SCHEDULED" ? "Cancel or Postpone" : "Change Status"}
              </a>
            ) : null}
            <a data-discover href={`/events/${event.id}/report`} className="menu-item text-red-800">
              Report Event
            </a>
          </div>
        </details>
      </div>
    </article>
  );
}

/** Scrolls to the highlighted event 500 ms after the page opens. */
function ScrollHere({ id }: { id: string }) {
  useEffect(() => {
    const timer = setTimeout(() => document.getElementById(id)?.scrollIntoView({ behavior: "smooth", block: "center" }), 500);
    return () => clearTimeout(timer);
  }, [id]);
  return null;
}
