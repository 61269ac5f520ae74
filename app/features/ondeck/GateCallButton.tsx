import { Form } from "@remix-run/react";

/**
 * The booth's "Call to gate" for the rider on the gate: a plain form (it
 * works without JavaScript), the count beside it. After the third call the
 * button says so and the timer decides; nothing is scratched for them.
 */
export function GateCallButton({ eventId, classId, entryId, calls, max = 3 }: { eventId: string; classId: string; entryId: string; calls: number; max?: number }) {
  const done = calls >= max;
  return (
    <Form method="post" action={`/events/${eventId}/booth?class=${encodeURIComponent(classId)}`} className="mt-3 flex flex-wrap items-center gap-3" data-testid="gate-call">
      <input type="hidden" name="intent" value="gate-call" />
      <input type="hidden" name="classId" value={classId} />
      <input type="hidden" name="entryId" value={entryId} />
      <button type="submit" className="btn-secondary min-h-[44px]" disabled={done}>
        Call to gate
      </button>
      <p className="text-sm font-semibold text-gray-900" role="status">
        {calls === 0 ? "Not called yet" : done ? `Called ${max} of ${max}: the timer decides` : `Called ${calls} of ${max}`}
      </p>
    </Form>
  );
}
