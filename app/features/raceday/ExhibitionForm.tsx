import { Form } from "@remix-run/react";
import { RACE_LIMITS } from "~/schemas/raceday-limits";

/**
 * Adds an exhibition run (timed, never placed or paid, not in the pot or
 * the season) to a class: the producer's small form at the booth and on the
 * hub. It posts to the booth's action, which answers with a redirect back to
 * `back` (the booth or the hub), so it works without JavaScript.
 */
export function ExhibitionForm({ eventId, classes, back }: { eventId: string; classes: { id: string; name: string; sidepotOf?: string | null }[]; back: "booth" | "hub" }) {
  const timed = classes.filter((c) => !c.sidepotOf);
  if (timed.length === 0) return null;
  const id = (name: string) => `exhibition-${back}-${name}`;
  return (
    <details className="card" data-testid="exhibition-form">
      <summary className="cursor-pointer font-semibold text-gray-900">Add an exhibition run</summary>
      <p className="mt-1 text-sm text-gray-700">Timed and shown on the live page, never placed or paid, not in the pot or the season. It runs at the end of the order.</p>
      <Form method="post" action={`/events/${eventId}/booth`} className="mt-3 grid gap-3 sm:grid-cols-3">
        <input type="hidden" name="intent" value="exhibition" />
        <input type="hidden" name="back" value={back} />
        <div>
          <label htmlFor={id("class")} className="label">
            Class
          </label>
          <select id={id("class")} name="classId" className="input" required>
            {timed.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={id("rider")} className="label">
            Rider
          </label>
          <input id={id("rider")} name="riderName" className="input" required maxLength={RACE_LIMITS.riderName} autoComplete="off" />
        </div>
        <div>
          <label htmlFor={id("horse")} className="label">
            Horse
          </label>
          <input id={id("horse")} name="horseName" className="input" required maxLength={RACE_LIMITS.horseName} autoComplete="off" />
        </div>
        <div className="sm:col-span-3">
          <button type="submit" className="btn-secondary min-h-[44px]">
            Add exhibition run
          </button>
        </div>
      </Form>
    </details>
  );
}
