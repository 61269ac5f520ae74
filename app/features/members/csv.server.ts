import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { MEMBERSHIP_KINDS, memberships, users, type MembershipKind, type MembershipYear, type DuesMethod } from "#db/schema";
import { now } from "~/lib/clock.server";
import { toCsv } from "~/lib/csv";
import type { Db } from "~/lib/db.server";
import { statement } from "~/lib/prepared.server";
import { HttpError } from "~/lib/http.server";
import { membershipChanged } from "./hooks.server";
import { MEMBER_LIMITS, NUMBER_PATTERN } from "~/schemas/members";
import { emailHolderKey, holderKeyOf, KIND_LABELS, nextMemberNumber } from "./rules";
import { associationToday, getYear } from "./members.server";
import { recordDues } from "~/features/books/ledger.server";

/*
 * The office's member list as CSV: columns name, email, number, kind, year,
 * paid, reference (a header line names them, in any order; number, year and
 * reference may be left out). A check's number goes in reference. Each line is created (a
 * new member), linked (its email is an account's) or refused with its line
 * number and why. A preview (dry run) writes nothing; a real import writes
 * every line or, when any line is refused, nothing at all. Members whose
 * email has no account yet wait for it: signing up with that email claims
 * them (claimMemberships).
 */

export type ImportLine = { line: number; name: string; email: string; number: string | null; kind: MembershipKind; paid: boolean; paidMethod: DuesMethod | null; paidReference: string | null; outcome: "created" | "linked" };
export type Refusal = { line: number; reason: string };
export type ImportReport = { dryRun: boolean; written: boolean; created: number; linked: number; refused: Refusal[]; lines: ImportLine[] };

const COLUMNS = ["name", "email", "number", "kind", "year", "paid", "reference"] as const;
const OPTIONAL: readonly string[] = ["number", "year", "reference"];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** "Non-pro", "NON_PRO", "non pro": the kind's code. */
function kindOf(text: string): MembershipKind | null {
  const code = text.trim().toUpperCase().replace(/[\s-]+/g, "_");
  return (MEMBERSHIP_KINDS as readonly string[]).includes(code) ? (code as MembershipKind) : null;
}

const PAID: Record<string, { paid: boolean; method: DuesMethod | null }> = {
  yes: { paid: true, method: null },
  y: { paid: true, method: null },
  true: { paid: true, method: null },
  paid: { paid: true, method: null },
  "1": { paid: true, method: null },
  no: { paid: false, method: null },
  n: { paid: false, method: null },
  false: { paid: false, method: null },
  "0": { paid: false, method: null },
  "": { paid: false, method: null },
  cash: { paid: true, method: "CASH" },
  check: { paid: true, method: "CHECK" },
  card: { paid: true, method: "CARD" },
  comp: { paid: true, method: "COMP" },
};

/**
 * The file's lines. A line CSV cannot read (a stray quote) is set aside with
 * its line number and why, and the others are read on: one bad line refuses
 * that line, not the whole file.
 */
function readCsv(text: string): { header: string[]; records: { line: number; cells: string[] }[]; unreadable: Refusal[] } {
  let rows: { record: string[]; info: { lines: number } }[];
  const unreadable: Refusal[] = [];
  try {
    rows = parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
      skip_records_with_error: true,
      on_skip: (error) => {
        unreadable.push({ line: Number((error as { lines?: unknown } | undefined)?.lines ?? 0), reason: `not readable as CSV (${(error?.message ?? "").split(":")[0]}): check its quotes` });
        return undefined;
      },
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw new HttpError(400, `The file is not CSV${line ? ` (line ${line})` : ""}: ${(error as Error).message.split(":")[0]}`);
  }
  if (rows.length === 0) throw new HttpError(400, `The file is empty: give a header line (${COLUMNS.join(", ")}) and one line per member`);
  const header = rows[0]!.record.map((h) => h.trim().toLowerCase());
  return { header, records: rows.slice(1).map((r) => ({ line: r.info.lines, cells: r.record })), unreadable };
}

/** Checks every line against the year, the accounts and the numbers already given; writes when asked and nothing is refused. */
export function importMembers(db: Db, yearId: string, text: string, dryRun: boolean): ImportReport {
  const year = getYear(db, yearId);
  if (text.length > MEMBER_LIMITS.importBytes) throw new HttpError(413, `The file is too large: at most ${MEMBER_LIMITS.importBytes / 1024 / 1024} MB`);
  const { header, records, unreadable } = readCsv(text);
  const missing = COLUMNS.filter((c) => !OPTIONAL.includes(c) && !header.includes(c));
  if (missing.length > 0) throw new HttpError(400, `The header line must name the columns ${COLUMNS.join(", ")}; missing: ${missing.join(", ")}`);
  if (records.length > MEMBER_LIMITS.importRows) throw new HttpError(413, `At most ${MEMBER_LIMITS.importRows.toLocaleString("en-US")} members in one file`);
  const col = (name: (typeof COLUMNS)[number]) => header.indexOf(name);
  const at = { name: col("name"), email: col("email"), number: col("number"), kind: col("kind"), year: col("year"), paid: col("paid"), reference: col("reference") };

  // What is known already, read once: accounts by email, numbers and their riders, this year's members.
  const emails = [...new Set(records.map((r) => (r.cells[at.email] ?? "").trim().toLowerCase()).filter(Boolean))];
  const accounts = new Map<string, string>();
  for (let i = 0; i < emails.length; i += 5000) {
    const chunk = emails.slice(i, i + 5000);
    for (const u of statement(db, "SELECT id, lower(email) AS email FROM users WHERE lower(email) IN (SELECT value FROM json_each(?))").all([JSON.stringify(chunk)]) as { id: string; email: string }[]) accounts.set(u.email, u.id);
  }
  const numberOwner = new Map((statement(db, "SELECT number, holder_key AS holderKey FROM member_numbers").all([]) as { number: string; holderKey: string }[]).map((n) => [n.number, n.holderKey]));
  const ownedNumber = new Map([...numberOwner].map(([number, holder]) => [holder, number]));
  const thisYear = new Set((statement(db, "SELECT holder_key AS holderKey FROM memberships WHERE year_id = ?").all([year.id]) as { holderKey: string }[]).map((m) => m.holderKey));

  const refused: Refusal[] = [...unreadable];
  const lines: (ImportLine & { holderKey: string; userId: string | null })[] = [];
  const seenEmail = new Map<string, number>();
  const seenNumber = new Map<string, number>();
  for (const { line, cells } of records) {
    const cell = (i: number) => (i >= 0 ? (cells[i] ?? "").trim() : "");
    const refuse = (reason: string) => refused.push({ line, reason });
    const name = cell(at.name);
    const email = cell(at.email).toLowerCase();
    const number = cell(at.number);
    const kind = kindOf(cell(at.kind));
    const paid = PAID[cell(at.paid).toLowerCase()];
    const reference = cell(at.reference);
    // A short line is a line cut or split wrongly, not a member with empty columns.
    if (cells.length < header.length) { refuse(`has ${cells.length} of the header's ${header.length} columns`); continue; }
    if (!name) { refuse("no name"); continue; }
    if (name.length > MEMBER_LIMITS.name) { refuse(`name longer than ${MEMBER_LIMITS.name} characters`); continue; }
    if (!email) { refuse("no email: the office links members to accounts by email"); continue; }
    if (email.length > MEMBER_LIMITS.email || !EMAIL.test(email)) { refuse(`"${email}" is not an email address`); continue; }
    if (!kind) { refuse(`"${cell(at.kind)}" is not a kind (${MEMBERSHIP_KINDS.map((k) => KIND_LABELS[k]).join(", ")})`); continue; }
    if (!year.kinds.some((k) => k.kind === kind)) { refuse(`${year.name} does not offer ${KIND_LABELS[kind]} memberships`); continue; }
    if (at.year >= 0 && cell(at.year) !== "" && cell(at.year) !== year.name) { refuse(`year "${cell(at.year)}" is not ${year.name}, the year imported`); continue; }
    if (!paid) { refuse(`paid "${cell(at.paid)}" is not yes, no, cash, check, card or comp`); continue; }
    if (paid.method === "CHECK" && !reference) { refuse("paid by check: give the check's number in the reference column"); continue; }
    if (reference.length > MEMBER_LIMITS.reference) { refuse(`reference longer than ${MEMBER_LIMITS.reference} characters`); continue; }
    if (number && (number.length > MEMBER_LIMITS.number || !NUMBER_PATTERN.test(number))) { refuse(`"${number}" is not a member number (letters, digits and dashes, at most ${MEMBER_LIMITS.number})`); continue; }
    const earlierEmail = seenEmail.get(email);
    if (earlierEmail !== undefined) { refuse(`${email} is already on line ${earlierEmail}`); continue; }
    const userId = accounts.get(email) ?? null;
    const holderKey = userId ? holderKeyOf(userId, null) : emailHolderKey(email);
    if (thisYear.has(holderKey)) { refuse(`${email} is already a member in ${year.name}`); continue; }
    if (number) {
      const earlierNumber = seenNumber.get(number);
      if (earlierNumber !== undefined) { refuse(`number ${number} is already on line ${earlierNumber}`); continue; }
      const owner = numberOwner.get(number);
      if (owner && owner !== holderKey) { refuse(`number ${number} belongs to another member`); continue; }
      const own = ownedNumber.get(holderKey);
      if (own && own !== number) { refuse(`${email} already has member number ${own}`); continue; }
      seenNumber.set(number, line);
    }
    seenEmail.set(email, line);
    lines.push({ line, name, email, number: number || null, kind, paid: paid.paid, paidMethod: paid.method, paidReference: paid.paid && reference ? reference : null, outcome: userId ? "linked" : "created", holderKey, userId });
  }

  refused.sort((a, b) => a.line - b.line);
  const report = (written: boolean): ImportReport => ({
    dryRun,
    written,
    created: lines.filter((l) => l.outcome === "created").length,
    linked: lines.filter((l) => l.outcome === "linked").length,
    refused,
    lines: lines.map(({ holderKey: _h, userId: _u, ...shown }) => shown),
  });
  if (dryRun || refused.length > 0) return report(false);

  db.transaction(
    () => {
      // The next free number once, then counted up: nextMemberNumber over every number for each line was quadratic.
      let next = nextMemberNumber(year.numberPrefix, [...numberOwner.keys(), ...seenNumber.keys()]);
      const taken = new Set([...numberOwner.keys(), ...seenNumber.keys()]);
      const following = (number: string) => nextMemberNumber(year.numberPrefix, [number]);
      const insertNumber = statement(db, "INSERT OR IGNORE INTO member_numbers (number, holder_key, created_at) VALUES (?, ?, ?)");
      const insert = statement(
        db,
        "INSERT INTO memberships (id, year_id, holder_key, user_id, rider_id, name, email, kind, status, number, dues_cents, paid_method, paid_reference, paid_at, starts_on, created_at) VALUES (?, ?, ?, ?, NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      );
      const at = now();
      const today = associationToday();
      const startsOn = today < year.startDate ? year.startDate : today;
      for (const l of lines) {
        let number = l.number ?? ownedNumber.get(l.holderKey) ?? null;
        if (!number && l.paid) {
          while (taken.has(next)) next = following(next);
          number = next;
          taken.add(number);
          next = following(next);
        }
        if (number) insertNumber.run([number, l.holderKey, at.getTime()]);
        const dues = year.kinds.find((k) => k.kind === l.kind)!.duesCents;
        // An imported paid member counts from the year's first day: the office's list says they paid for the year.
        const id = crypto.randomUUID();
        insert.run([id, year.id, l.holderKey, l.userId, l.name, l.email, l.kind, l.paid ? "ACTIVE" : "PENDING", number, dues, l.paidMethod, l.paidReference, l.paid ? at.getTime() : null, l.paid ? (year.startDate <= today ? year.startDate : startsOn) : null, at.getTime()]);
        // Dues paid are ledger records, as the Members screen writes them.
        if (l.paid) recordDues(db, { membershipId: id, userId: l.userId, payeeName: l.name, amountCents: dues, method: l.paidMethod, reference: l.paidReference, takenBy: null });
      }
      membershipChanged(db, [...new Set(lines.flatMap((l) => (l.userId && l.paid ? [l.userId] : [])))]);
    },
    { behavior: "immediate" },
  );
  return report(true);
}

/** The year's member list as CSV, in the import's columns (and the same file imports again into another year). */
export function exportMembers(db: Db, year: MembershipYear) {
  const rows = db.select().from(memberships).where(eq(memberships.yearId, year.id)).orderBy(memberships.name).all();
  const emails = new Map(
    db
      .select({ id: users.id, email: users.email })
      .from(users)
      .innerJoin(memberships, eq(memberships.userId, users.id))
      .where(eq(memberships.yearId, year.id))
      .all()
      .map((u) => [u.id, u.email]),
  );
  const paidText = (m: (typeof rows)[number]) => (m.status !== "ACTIVE" ? "no" : m.paidMethod ? m.paidMethod.toLowerCase() : "yes");
  return toCsv([[...COLUMNS], ...rows.map((m) => [m.name, m.email ?? (m.userId ? (emails.get(m.userId) ?? "") : ""), m.number ?? "", KIND_LABELS[m.kind], year.name, paidText(m), m.paidReference ?? ""])]);
}
