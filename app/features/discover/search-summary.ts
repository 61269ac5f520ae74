import { formatDateRange } from "~/features/events/format";
import { EVENT_TYPE_LABELS, GROUND_LABELS } from "~/schemas/event-labels";
import type { EventSearch } from "~/schemas/events";

/**
 * What a search asked for, in one line above its results ("Within 50 mi of
 * Fort Worth, TX · Mar 6 – 10, 2030 · Indoor"): after a search without
 * JavaScript the form is folded away, so the results say what they answer.
 * `place` is the place as the gazetteer names it, when it knows it.
 */
export function searchSummary(search: Omit<EventSearch, "userHomeZipCode">, place: string | null) {
  const parts: string[] = [];
  const where = place ?? search.zipCode ?? search.cityState;
  if (where) parts.push(`Within ${search.radius} mi of ${where}`);
  if (search.startDate && search.endDate) parts.push(formatDateRange(search.startDate, search.endDate));
  else if (search.startDate) parts.push(`From ${formatDateRange(search.startDate)}`);
  else if (search.endDate) parts.push(`Until ${formatDateRange(search.endDate)}`);
  if (search.arenaType) parts.push(search.arenaType === "indoor" ? "Indoor" : "Outdoor");
  if (search.groundType) parts.push(GROUND_LABELS[search.groundType]);
  if (search.minAddedMoney) parts.push(`$${search.minAddedMoney.toLocaleString("en-US")}+ added`);
  if (search.eventType) parts.push(EVENT_TYPE_LABELS[search.eventType]);
  return parts.join(" · ");
}
