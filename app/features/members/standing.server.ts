import type { Db } from "~/lib/db.server";
import { statement } from "~/lib/prepared.server";
import type { MemberSpan } from "./rules";

/*
 * Who is a member when, as the season asks it: the paid memberships of a
 * set of accounts (or of everyone), by holder key. Read in one query per
 * class published or per series recomputed.
 */

type SpanRow = { holderKey: string; from: string; to: string; startsOn: string };

function gather(rows: SpanRow[]) {
  const spans = new Map<string, MemberSpan[]>();
  for (const row of rows) {
    const list = spans.get(row.holderKey);
    const span = { from: row.from, to: row.to, startsOn: row.startsOn };
    if (list) list.push(span);
    else spans.set(row.holderKey, [span]);
  }
  return spans;
}

/** The paid memberships of these accounts' riders (null: every rider), by holder key. */
export function memberSpans(db: Db, userIds: readonly string[] | null): Map<string, MemberSpan[]> {
  const head =
    "SELECT m.holder_key AS holderKey, y.start_date AS \"from\", y.end_date AS \"to\", m.starts_on AS startsOn FROM memberships m JOIN membership_years y ON y.id = m.year_id WHERE m.status = 'ACTIVE' AND m.user_id IS NOT NULL";
  if (userIds === null) return gather(statement(db, head).all([]) as SpanRow[]);
  if (userIds.length === 0) return new Map();
  return gather(statement(db, `${head} AND m.user_id IN (SELECT value FROM json_each(?))`).all([JSON.stringify(userIds)]) as SpanRow[]);
}
