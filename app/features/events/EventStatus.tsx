import { isPhoneNumber } from "~/schemas/entry-contact";
import { formatLocalTime } from "./format";

type Status = "SCHEDULED" | "CANCELLED" | "POSTPONED";

/** A cancelled or postponed event's badge and reason, at the top of its card and its share page; nothing for a scheduled one. */
export function EventStatusBanner({ status, reason, className = "" }: { status: Status; reason: string | null; className?: string }) {
  if (status === "SCHEDULED") return null;
  const cancelled = status === "CANCELLED";
  return (
    <div
      role="status"
      className={`border-b px-4 py-2 text-sm ${cancelled ? "border-red-200 bg-red-50 text-red-950" : "border-amber-200 bg-amber-50 text-amber-950"} ${className}`}
    >
      <span className={`mr-2 inline-block rounded-full px-2.5 py-0.5 text-xs font-bold tracking-wide text-white ${cancelled ? "bg-red-700" : "bg-amber-800"}`}>
        {cancelled ? "CANCELLED" : "POSTPONED"}
      </span>
      {reason ? <span className="break-words">{reason}</span> : null}
    </div>
  );
}

/** Where to enter: a phone number to call or a link to open. */
export function EntryLink({ contact, className = "link" }: { contact: string; className?: string }) {
  return isPhoneNumber(contact) ? (
    <a className={`${className} whitespace-nowrap`} href={`tel:${contact.replace(/[^\d+]/g, "")}`}>
      {contact}
    </a>
  ) : (
    <a className={`${className} whitespace-nowrap`} href={contact} target="_blank" rel="noopener noreferrer nofollow">
      Enter online
    </a>
  );
}

/** "Entries close Mar 3, 2030, 8:00 PM · Enter online" (the event's local time, as its producer wrote it); "Entries closed ..." after. */
export function EntriesLine({ entriesClose, entriesClosed, entryContact }: { entriesClose: string | null; entriesClosed: boolean; entryContact: string | null }) {
  const contact = entriesClosed ? null : entryContact;
  if (!entriesClose && !contact) return null;
  return (
    <p className="mt-1 text-sm text-gray-800">
      {entriesClose ? `${entriesClosed ? "Entries closed" : "Entries close"} ${formatLocalTime(entriesClose)}` : null}
      {entriesClose && contact ? " · " : null}
      {contact ? <EntryLink contact={contact} className="link font-semibold" /> : null}
    </p>
  );
}
