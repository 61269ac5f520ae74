import type { ReactNode } from "react";
import type { FieldChange } from "./changes";
import { ChangeList } from "./PendingChange";

export type RevisionForReview = {
  eventId: string;
  name: string;
  date: string;
  location: string;
  submittedAt: string;
  creator: { firstName: string | null; lastName: string | null; email: string } | null;
  fields: FieldChange[];
  showbillUrl?: string | null;
  showbillPreviewUrl: string | null;
};

const person = (p: RevisionForReview["creator"]) => (p ? `${p.firstName ?? ""} ${p.lastName ?? ""}`.trim() || p.email : "—");

/**
 * The review queue's changes to listed events: each listed value beside the
 * proposed one. `actions` renders the Approve and Reject controls of the
 * screen that shows the queue.
 */
export function PendingRevisions({ revisions, actions }: { revisions: RevisionForReview[]; actions: (eventId: string) => ReactNode }) {
  return (
    <section aria-labelledby="pending-revisions-title" className="space-y-2">
      <h2 id="pending-revisions-title" className="font-bold text-gray-900">
        Changes to listed events ({revisions.length})
      </h2>
      {revisions.length === 0 ? (
        <p className="card text-gray-700">No changes waiting for review</p>
      ) : (
        <ul className="grid gap-3 lg:grid-cols-2">
          {revisions.map((r) => (
            <li key={r.eventId} className="card min-w-0 space-y-2" data-testid="pending-revision">
              <p className="break-words font-bold">
                <a data-discover className="link" href={`/share/event/${r.eventId}`}>
                  {r.name}
                </a>
              </p>
              <p className="text-sm text-gray-700">
                Listed: {r.date} · {r.location} · by {person(r.creator)}
              </p>
              <div className="rounded-lg bg-amber-50 px-3 py-1">
                <ChangeList fields={r.fields} />
              </div>
              {r.showbillPreviewUrl ? (
                <a href={r.showbillUrl ?? "#"} target="_blank" rel="noreferrer" className="block">
                  <img src={r.showbillPreviewUrl} alt={`Proposed showbill for ${r.name}`} width={240} height={180} loading="lazy" className="h-36 w-auto rounded-lg bg-gray-100 object-contain" />
                </a>
              ) : r.showbillUrl ? (
                <a className="link text-sm" href={r.showbillUrl} target="_blank" rel="noreferrer">
                  Open proposed showbill
                </a>
              ) : null}
              <div className="flex flex-wrap gap-2">{actions(r.eventId)}</div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
