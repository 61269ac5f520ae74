import { Form } from "@remix-run/react";
import type { FieldChange } from "./changes";
import { formatDayIn } from "~/lib/dates";
import { useViewerZone } from "~/lib/useShellUser";

type Pending = { submittedAt: string; fields: FieldChange[]; showbillPreviewUrl?: string | null };

/** The changed fields, listed value beside the proposed one. */
export function ChangeList({ fields }: { fields: FieldChange[] }) {
  return (
    <dl className="divide-y divide-amber-200 text-sm">
      {fields.map((f) => (
        <div key={f.field} className="grid gap-x-3 py-2 sm:grid-cols-[8rem_1fr_1fr]">
          <dt className="font-semibold text-gray-900">{f.label}</dt>
          <dd className="min-w-0 break-words text-gray-700">
            <span className="sr-only">Listed: </span>
            <span aria-hidden className="text-xs uppercase tracking-wide text-gray-600 sm:hidden">Listed </span>
            <del className="decoration-gray-400">{f.before}</del>
          </dd>
          <dd className="min-w-0 break-words text-gray-900">
            <span className="sr-only">Change: </span>
            <span aria-hidden className="text-xs uppercase tracking-wide text-amber-900 sm:hidden">Change </span>
            <ins className="no-underline">{f.after}</ins>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The edit screen's account of a change waiting for review, with a way to take it back. */
export function PendingChangePanel({ pending, withdrawAction }: { pending: Pending; withdrawAction: string }) {
  const zone = useViewerZone();
  return (
    <section role="status" aria-labelledby="pending-change-title" className="space-y-2 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950" data-testid="pending-change">
      <h2 id="pending-change-title" className="font-bold">
        Change waiting for review
      </h2>
      <p className="text-sm">
        Sent {formatDayIn(pending.submittedAt, zone)}. Riders see the event as listed until an admin approves your change. The form below holds your change:
        saving it again replaces it.
      </p>
      <ChangeList fields={pending.fields} />
      <Form method="post" action={withdrawAction}>
        <button type="submit" className="btn-secondary w-full sm:w-auto">
          Withdraw Change
        </button>
      </Form>
    </section>
  );
}
