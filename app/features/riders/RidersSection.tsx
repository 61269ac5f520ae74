import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { ConfirmAction } from "~/components/ConfirmAction";

type Rider = { id: number; name: string; runCount: number };

/** What removing a rider does to their runs, said before it happens. */
const removalQuestion = ({ name, runCount }: Rider) =>
  runCount === 0
    ? `Remove ${name}? No runs are logged for ${name}.`
    : `Remove ${name}? ${runCount === 1 ? "Their run stays" : `Their ${runCount} runs stay`} in your Run Log as your own, no longer marked as ${name}'s.`;

/**
 * Settings › Riders: sub-profiles such as a child who rides. Plain forms
 * posted to /settings/riders (so it works without JavaScript); with it,
 * fetchers keep the page in place, and the input clears on success.
 */
export function RidersSection({ riders }: { riders: Rider[] }) {
  const add = useFetcher<{ error?: string }>();
  const input = useRef<HTMLInputElement>(null);
  const adding = add.state !== "idle";
  const wasAdding = useRef(false);
  useEffect(() => {
    if (wasAdding.current && add.state === "idle" && !add.data?.error && input.current) input.current.value = "";
    wasAdding.current = add.state !== "idle";
  }, [add.state, add.data]);

  return (
    <section className="card" aria-labelledby="riders-title">
      <h2 id="riders-title" className="font-bold text-gray-900">
        Riders
      </h2>
      <p className="mt-1 text-sm text-gray-700">Keep runs for the riders you look after, such as a child.</p>
      {riders.length ? (
        <ul className="mt-2 divide-y divide-gray-100" aria-label="Your riders">
          {riders.map((rider) => (
            <RiderRow key={rider.id} rider={rider} />
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-gray-700">No riders yet.</p>
      )}
      <add.Form method="post" action="/settings/riders" className="mt-3 flex gap-2">
        <input type="hidden" name="intent" value="add" />
        <label htmlFor="rider-name" className="sr-only">
          Rider name
        </label>
        <input
          ref={input}
          id="rider-name"
          name="name"
          className="input flex-1"
          placeholder="Rider name"
          autoComplete="off"
          required
          pattern=".*\S.*"
          title="Rider name is required"
          maxLength={50}
          aria-invalid={add.data?.error ? true : undefined}
          aria-describedby={add.data?.error ? "rider-name-error" : undefined}
        />
        <button type="submit" className="btn-primary" disabled={adding}>
          {adding ? "Adding..." : "Add"}
        </button>
      </add.Form>
      {add.data?.error ? (
        <p id="rider-name-error" className="mt-1 text-sm font-medium text-red-700">
          {add.data.error}
        </p>
      ) : null}
    </section>
  );
}

function RiderRow({ rider }: { rider: Rider }) {
  return (
    <li className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1 py-1">
      <span className="flex min-h-[44px] min-w-0 items-center">
        <span className="truncate font-medium text-gray-900">{rider.name}</span>
        <span className="ml-2 shrink-0 text-sm text-gray-600">
          {rider.runCount} {rider.runCount === 1 ? "run" : "runs"}
        </span>
      </span>
      <ConfirmAction
        label="Remove"
        name={`Remove ${rider.name}`}
        action="/settings/riders"
        question={removalQuestion(rider)}
        hidden={{ intent: "remove", id: String(rider.id) }}
        className="flex flex-col items-end"
      />
    </li>
  );
}
