import { PlaceInLine } from "~/features/ondeck/PlaceInLine";
import type { MyRun } from "~/features/ondeck/ondeck.server";
import { drawPlace } from "./DrawList";
import type { MyEntries } from "./entries.server";
import { formatCents } from "./time";

/** My Events' "My entries": the rider's race entries to come, their fees and, once published, where they run. */
export function MyEntriesSection({ mine, places = {} }: { mine: MyEntries; places?: Record<string, MyRun> }) {
  if (!mine.entries.length) return null;
  return (
    <section className="card space-y-2" aria-labelledby="my-race-entries">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="my-race-entries" className="font-bold text-gray-900">
          My entries
        </h2>
        <p className="text-sm font-semibold text-gray-900" data-testid="my-entries-total">
          {`Fees ${formatCents(mine.totalCents)}`}
        </p>
      </div>
      <ul className="divide-y divide-gray-200 text-sm">
        {mine.entries.map((e) => (
          <li key={e.id} className="py-2" data-testid="my-events-entry">
            <a data-discover href={`/events/${e.eventId}/${e.drawPosition ? "draw" : "enter"}`} className="block min-h-[44px]">
              <span className="block font-semibold text-gray-900">
                {e.eventName} · {e.className}
              </span>
              <span className={`block ${e.status === "SCRATCHED" ? "text-gray-500 line-through" : "text-gray-700"}`}>
                {e.horseName} · {e.riderName} · {formatCents(e.feeCents)}
                {e.paid ? " · Paid" : ""}
              </span>
              {e.drawPosition ? <span className="block font-semibold text-brand-800">{`Runs ${drawPlace(e.drawPosition, e.dragsBefore ?? 0)}`}</span> : null}
              {places[e.id] ? <PlaceInLine run={places[e.id]!} /> : null}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
