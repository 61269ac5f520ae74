import { EVENT_TYPE_LABELS, GROUND_LABELS } from "~/schemas/event-labels";
import { formatDateRange, formatLocalTime } from "./format";

/**
 * The fields an edit may change, in form order, with the label the review
 * screens show. A pending revision stores only the fields it changes.
 */
const EDITABLE_FIELDS = {
  name: "Event name",
  date: "Dates",
  endDate: "Dates",
  location: "Location",
  zipCode: "ZIP code",
  address: "Address",
  arenaName: "Arena",
  arenaType: "Indoor or outdoor",
  groundType: "Ground",
  addedMoney: "Added money",
  entryFee: "Entry fee",
  entriesClose: "Entries close",
  entryContact: "Entry link or phone",
  eventType: "Event types",
  description: "Description",
  contactName: "Contact name",
  contactPhone: "Contact phone",
  contactEmail: "Contact email",
  contactFacebook: "Website or Facebook",
  showbillUrl: "Showbill",
} as const;
export type EditableField = keyof typeof EDITABLE_FIELDS;
export const EDITABLE_KEYS = Object.keys(EDITABLE_FIELDS) as EditableField[];

export type EditableValues = { [K in EditableField]?: string | number | string[] | null };

/** One changed field as "before → after" text; dates count as one field. */
export type FieldChange = { field: EditableField; label: string; before: string; after: string };

const NONE = "—";

function show(field: EditableField, value: EditableValues[EditableField]): string {
  if (value === null || value === undefined || value === "") return NONE;
  switch (field) {
    case "eventType":
      return (value as string[]).map((t) => EVENT_TYPE_LABELS[t as keyof typeof EVENT_TYPE_LABELS] ?? t).join(", ") || NONE;
    case "groundType":
      return GROUND_LABELS[value as keyof typeof GROUND_LABELS] ?? String(value);
    case "arenaType":
      return value === "indoor" ? "Indoor" : "Outdoor";
    case "addedMoney":
      return `$${Number(value).toLocaleString("en-US")}`;
    case "showbillUrl":
      return "Showbill file";
    case "entriesClose":
      return formatLocalTime(String(value));
    default:
      return String(value);
  }
}

export const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** What a pending change would change in the listed event, for the creator and the reviewing admin. */
export function describeChanges(live: EditableValues, changes: EditableValues): FieldChange[] {
  const out: FieldChange[] = [];
  const dates = "date" in changes || "endDate" in changes;
  if (dates) {
    const next = { date: (changes.date ?? live.date) as string, endDate: ("endDate" in changes ? changes.endDate : live.endDate) as string | null };
    out.push({ field: "date", label: EDITABLE_FIELDS.date, before: formatDateRange(live.date as string, live.endDate as string | null), after: formatDateRange(next.date, next.endDate) });
  }
  for (const field of EDITABLE_KEYS) {
    if (field === "date" || field === "endDate" || !(field in changes)) continue;
    const after = field === "showbillUrl" && !changes.showbillUrl ? "Removed" : field === "showbillUrl" ? "New showbill file" : show(field, changes[field]);
    out.push({ field, label: EDITABLE_FIELDS[field], before: show(field, live[field]), after });
  }
  return out;
}
