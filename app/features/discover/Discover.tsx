import { Form, useFetcher, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { EmptyState } from "~/components/EmptyState";
import { FormError } from "~/components/FormError";
import { ShowMore } from "~/components/ShowMore";
import { EventCard } from "~/features/events/EventCard";
import { RidersSearch } from "~/features/social/RidersSearch";
import { AlertMe } from "./AlertMe";
import type { HomePage } from "./page.server";
import { EVENT_TYPES, RADIUS_OPTIONS } from "~/schemas/constants";
import { EVENT_TYPE_LABELS, GROUND_LABELS, GROUND_TYPES } from "~/schemas/event-labels";

function SearchForm({ values }: { values: Record<string, string> }) {
  const navigation = useNavigation();
  const suggestions = useFetcher<Array<{ description: string; place_id: string }>>();
  const [filtersOpen] = useState(Boolean(values.arenaType || values.groundType || values.minAddedMoney || values.eventType));
  const [location, setLocation] = useState(values.location ?? "");
  const [startDate, setStartDate] = useState(values.startDate ?? "");
  const [endDate, setEndDate] = useState(values.endDate ?? "");
  // Without JavaScript the button stays enabled and the server answers with its message.
  const [hydrated, setHydrated] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    // On a slow phone a rider may type before this script runs: keep what the page holds.
    const typed = (name: string) => (form.current?.elements.namedItem(name) as HTMLInputElement).value;
    setLocation(typed("location"));
    setStartDate(typed("startDate"));
    setEndDate(typed("endDate"));
    setHydrated(true);
  }, []);
  const canSearch = !hydrated || Boolean(location.trim() || startDate || endDate);
  const searching = navigation.state === "loading" && navigation.location.search.includes("search=");

  return (
    <Form ref={form} method="get" className="space-y-3 px-4 pb-4" role="search" aria-label="Events search">
      <input type="hidden" name="search" value="1" />
      {/* Dates get half a row each, so a phone shows the whole date (the year too). */}
      <div className="grid grid-cols-3 gap-2">
        <div className="col-span-2">
          <label htmlFor="location" className="label">
            ZIP code or City, ST
          </label>
          <input
            id="location"
            name="location"
            className="input"
            list="city-suggestions"
            autoComplete="off"
            placeholder="76101 or Fort Worth, TX"
            value={location}
            onChange={(e) => {
              setLocation(e.target.value);
              const q = e.target.value.trim();
              if (q.length >= 3 && !/^\d+$/.test(q)) suggestions.load(`/api/city-state-suggestions?query=${encodeURIComponent(q)}`);
            }}
          />
          <datalist id="city-suggestions">
            {(suggestions.data ?? []).map((s) => (
              <option key={s.place_id} value={s.description} />
            ))}
          </datalist>
        </div>
        <div>
          <label htmlFor="radius" className="label">
            Radius
          </label>
          <select id="radius" name="radius" className="input" defaultValue={values.radius}>
            {RADIUS_OPTIONS.map((r) => (
              <option key={r} value={r}>
                {r} mi
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="grid grid-cols-2 gap-2">
        <div>
          <label htmlFor="startDate" className="label">
            From
          </label>
          <input id="startDate" name="startDate" type="date" className="input px-2" value={startDate} onChange={(e) => setStartDate(e.target.value)} />
        </div>
        <div>
          <label htmlFor="endDate" className="label">
            To
          </label>
          <input id="endDate" name="endDate" type="date" className="input px-2" value={endDate} onChange={(e) => setEndDate(e.target.value)} />
        </div>
      </div>
      <details open={filtersOpen} className="rounded-lg border border-gray-200">
        <summary className="flex min-h-[44px] cursor-pointer items-center px-3 font-semibold text-gray-900">More filters</summary>
        <div className="grid grid-cols-2 gap-2 p-3 pt-0">
          <div>
            <label htmlFor="arenaType" className="label">
              Arena
            </label>
            <select id="arenaType" name="arenaType" className="input" defaultValue={values.arenaType}>
              <option value="">Any</option>
              <option value="indoor">Indoor</option>
              <option value="outdoor">Outdoor</option>
            </select>
          </div>
          <div>
            <label htmlFor="groundType" className="label">
              Ground
            </label>
            <select id="groundType" name="groundType" className="input" defaultValue={values.groundType}>
              <option value="">Any</option>
              {GROUND_TYPES.map((g) => (
                <option key={g} value={g}>
                  {GROUND_LABELS[g]}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="minAddedMoney" className="label">
              Min. added money
            </label>
            <select id="minAddedMoney" name="minAddedMoney" className="input" defaultValue={values.minAddedMoney}>
              <option value="">Any</option>
              {[500, 1000, 2500, 5000, 10000].map((m) => (
                <option key={m} value={m}>
                  ${m.toLocaleString("en-US")}+
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="eventType" className="label">
              Event type
            </label>
            <select id="eventType" name="eventType" className="input" defaultValue={values.eventType}>
              <option value="">Any</option>
              {EVENT_TYPES.map((t) => (
                <option key={t} value={t}>
                  {EVENT_TYPE_LABELS[t]}
                </option>
              ))}
            </select>
          </div>
        </div>
      </details>
      {/* Disabled until a location or date is given ; the server checks again. */}
      <button type="submit" className="btn-primary w-full" disabled={!canSearch || searching}>
        {searching ? "Searching..." : "Search"}
      </button>
    </Form>
  );
}

/** The signed-in home: greeting, events search, riders search and upcoming events near the rider. */
export function Discover() {
  const { discover, riders } = useLoaderData<HomePage>();
  if (!discover || !riders) return null;
  const { results, upcoming, searchError, highlightId, origin } = discover;
  return (
    <main id="main" className="mx-auto max-w-2xl space-y-4 px-4 py-4 pb-24">
      <div className="flex items-center gap-2">
        <a data-discover href="/settings" className="flex h-11 w-11 items-center justify-center rounded-full bg-brand-200 font-bold text-brand-900" aria-label="Your profile">
          {discover.initial}
        </a>
        <h1 className="flex-1 text-xl font-bold text-gray-900">{discover.greeting}</h1>
        <Form method="post" action="/logout">
          <button type="submit" className="btn-ghost">
            Sign Out
          </button>
        </Form>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <a data-discover href="/run-log?new#log-run" className="btn-secondary">
          Log a Run
        </a>
        <a data-discover href="/add-event" className="btn-secondary">
          Add Event
        </a>
      </div>
      {/* Folded, so the first event card is near the top of a phone's screen; open after a refused search. */}
      <details className="card group p-0" open={Boolean(searchError)}>
        <summary className="flex min-h-[44px] cursor-pointer list-none items-center justify-between px-4 [&::-webkit-details-marker]:hidden">
          <h2 className="text-lg font-bold text-gray-900">Find events</h2>
          <span aria-hidden className="text-brand-800 group-open:rotate-180">▾</span>
        </summary>
        <SearchForm key={JSON.stringify(discover.values)} values={discover.values} />
      </details>
      <RidersSearch values={riders.values} results={riders.results} error={riders.error} back={riders.back} />
      {discover.focus ? (
        <section aria-label="Selected event">
          <EventCard event={discover.focus} origin={origin} highlight />
        </section>
      ) : null}
      {searchError ? <FormError message={searchError} /> : null}
      {results ? (
        <section aria-labelledby="results-title" className="space-y-3">
          <div className="flex items-center justify-between gap-2">
            <div className="min-w-0">
              <h2 id="results-title" className="text-lg font-bold text-gray-900">
                Search results <span className="font-normal text-gray-600">({results.total})</span>
              </h2>
              {/* What was searched: the form above is folded once the page reloads. */}
              <p className="text-sm text-gray-700" data-testid="search-summary">
                {results.summary}
              </p>
            </div>
            <a data-discover href="/" className="btn-ghost shrink-0" data-keep-scroll>
              Clear Search
            </a>
          </div>
          {/* An alert is a circle on the map: offered when the search named a place. */}
          {discover.values.location.trim() ? <AlertMe key={JSON.stringify(discover.values)} values={discover.values} /> : null}
          {results.events.length ? results.events.map((e) => <EventCard key={e.id} event={e} origin={origin} highlight={e.id === highlightId} />) : <EmptyState title="No upcoming events found">Try a wider radius or other dates.</EmptyState>}
          {results.more ? <ShowMore param="shown" next={results.more} label="Show more results" /> : null}
        </section>
      ) : null}
      <section aria-labelledby="upcoming-title" className="space-y-3">
        <h2 id="upcoming-title" className="text-lg font-bold text-gray-900">
          Upcoming events near {discover.homeZipCode}
        </h2>
        {upcoming.length ? (
          upcoming.map((e) => <EventCard key={e.id} event={e} origin={origin} highlight={!results && e.id === highlightId} />)
        ) : (
          <EmptyState title="No upcoming events found">Search a wider area above, or add an event you know about.</EmptyState>
        )}
        {discover.moreUpcoming ? <ShowMore param="upcoming" next={discover.moreUpcoming} label="Show more events" /> : null}
      </section>
    </main>
  );
}

