import { PendingRevisions } from "~/features/events/PendingRevisions";
import type { TabData } from "../tabs.server";
import { ActionButton, person } from "../ui";

/**
 * Showbills waiting for review, as cards with the image's preview (480 px,
 * a few dozen KB) rather than the full file; the full file opens on demand.
 */
export function ShowbillsTab({ data }: { data: TabData<"showbills"> }) {
  return (
    <div className="space-y-6">
      <PendingRevisions
        revisions={data.revisions}
        actions={(eventId) => (
          <>
            <ActionButton tone="good" label="Approve Change" hidden={{ intent: "revision", eventId, approved: "true" }} />
            <ActionButton label="Reject Change" hidden={{ intent: "revision", eventId, approved: "false" }} />
          </>
        )}
      />
      <section aria-labelledby="pending-showbills-title" className="space-y-2">
        <h2 id="pending-showbills-title" className="font-bold text-gray-900">
          New events ({data.events.length})
        </h2>
        <NewShowbills data={data} />
      </section>
    </div>
  );
}

function NewShowbills({ data }: { data: TabData<"showbills"> }) {
  if (data.events.length === 0) return <p className="card text-gray-700">No showbills waiting for review</p>;
  return (
    <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
      {data.events.map((e) => (
        <li key={e.id} className="card flex flex-col gap-2">
          {e.preview ? (
            <a href={e.showbillUrl ?? "#"} target="_blank" rel="noreferrer" className="block" aria-label={`Open the full showbill of ${e.name}`}>
              <img
                src={e.preview.url}
                alt={`Showbill for ${e.name}`}
                width={e.preview.width}
                height={e.preview.height}
                loading="lazy"
                decoding="async"
                className="mx-auto max-h-72 w-auto rounded-lg bg-gray-100 object-contain"
              />
            </a>
          ) : (
            <a className="link" href={e.showbillUrl ?? "#"} target="_blank" rel="noreferrer">
              Open showbill{/\.pdf($|\?)/i.test(e.showbillUrl ?? "") ? " (PDF)" : ""}
            </a>
          )}
          <p className="font-bold [overflow-wrap:anywhere]">{e.name}</p>
          <p className="text-sm text-gray-700 [overflow-wrap:anywhere]">
            {e.date} · {e.location} · by {person(e.creator)}
          </p>
          <div className="mt-auto flex gap-2">
            <ActionButton tone="good" label="Approve" name={`Approve ${e.name}`} hidden={{ intent: "showbill", eventId: e.id, approved: "true" }} />
            <ActionButton label="Reject" name={`Reject ${e.name}`} hidden={{ intent: "showbill", eventId: e.id, approved: "false" }} />
          </div>
        </li>
      ))}
    </ul>
  );
}
