import { ConfirmAction } from "~/components/ConfirmAction";
import { STATUS_REASON_MAX } from "~/schemas/constants";

type Status = "SCHEDULED" | "CANCELLED" | "POSTPONED";
export type StatusError = { status: Status; message: string; reason?: string };

function Reason({ id, status, typed }: { id: string; status: Status; typed?: string }) {
  return (
    <div>
      <label htmlFor={id} className="label">
        Reason riders will see
      </label>
      <textarea
        id={id}
        name="reason"
        required
        minLength={3}
        maxLength={STATUS_REASON_MAX}
        rows={2}
        defaultValue={typed}
        className="input min-h-[64px]"
        placeholder={status === "CANCELLED" ? "Arena flooded after the storm" : "Moved to a later date: new date coming soon"}
      />
    </div>
  );
}

/**
 * The event's status on its edit screen: a listed event can be postponed or
 * cancelled with a reason, and put back on schedule. Each asks first (the
 * one confirmation pattern), works without JavaScript, and after a refused
 * attempt stays open with its message.
 */
export function StatusPanel({ id, status, reason, error }: { id: string; status: Status; reason: string | null; error?: StatusError | null }) {
  // The fragment brings a page reloaded without JavaScript back down to this panel and its message.
  const action = `/events/${id}/edit?intent=status#event-status`;
  const typed = (to: Status) => (error?.status === to ? error.reason : undefined);
  const ask = (to: Status) => ({ open: error?.status === to || undefined, error: error?.status === to ? error.message : undefined });
  return (
    <section id="event-status" className="card scroll-mt-20 space-y-3" aria-labelledby="event-status-title">
      <h2 id="event-status-title" className="font-bold text-gray-900">
        Status
      </h2>
      <p className="text-sm text-gray-800">
        {status === "SCHEDULED" ? (
          "Going ahead as listed. If the event is called off or moved, say so here: it stays listed with the reason, riders who saved it are told, and it leaves the upcoming lists and searches."
        ) : (
          <>
            <strong>{status === "CANCELLED" ? "Cancelled" : "Postponed"}</strong>
            {reason ? `: ${reason}` : null}
          </>
        )}
      </p>
      <div className="flex flex-wrap items-start gap-2">
        {status === "SCHEDULED" ? (
          <ConfirmAction
            label="Postpone"
            name="Postpone this event"
            tone="caution"
            question="Postpone this event? It stays listed with your reason, leaves the upcoming lists and searches, and riders who saved it are told."
            confirmLabel="Yes, postpone"
            hidden={{ status: "POSTPONED" }}
            action={action}
            {...ask("POSTPONED")}
          >
            <Reason id="reason-postponed" status="POSTPONED" typed={typed("POSTPONED")} />
          </ConfirmAction>
        ) : null}
        {status !== "CANCELLED" ? (
          <ConfirmAction
            label="Cancel Event"
            name="Cancel this event"
            question="Cancel this event? It stays listed as cancelled with your reason, and riders who saved it are told."
            confirmLabel="Yes, cancel the event"
            hidden={{ status: "CANCELLED" }}
            action={action}
            {...ask("CANCELLED")}
          >
            <Reason id="reason-cancelled" status="CANCELLED" typed={typed("CANCELLED")} />
          </ConfirmAction>
        ) : null}
        {status !== "SCHEDULED" ? (
          <ConfirmAction
            label="Back on Schedule"
            tone="caution"
            question="Put this event back on schedule? It shows in the upcoming lists and searches again, and riders who saved it are told."
            confirmLabel="Yes, back on schedule"
            hidden={{ status: "SCHEDULED" }}
            action={action}
            {...ask("SCHEDULED")}
          />
        ) : null}
      </div>
    </section>
  );
}
