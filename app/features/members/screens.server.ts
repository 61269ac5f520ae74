import { data } from "@remix-run/node";
import QRCode from "qrcode";
import { riders, type User } from "#db/schema";
import { eq } from "drizzle-orm";
import { redirectWithToast } from "~/lib/auth.server";
import { config } from "~/lib/config.server";
import type { Db } from "~/lib/db.server";
import { HttpError } from "~/lib/http.server";
import { MEMBERSHIP_KINDS, type MembershipYear } from "#db/schema/members";
import { formatDate } from "~/lib/dates";
import { centsToDollarsText } from "~/features/raceday/time";
import { parseDollars } from "~/schemas/raceday";
import { joinSchema, membershipMarkSchema, membershipYearSchema, ASSOCIATION_NAME, MEMBER_MESSAGES } from "~/schemas/members";
import { importMembers, type ImportReport } from "./csv.server";
import { associationToday, createYear, currentYear, getMembership, getYear, updateYear, listYears, markMembership, myMemberships, officeList, presentMembership, presentOfficeMembership, presentYear, requestMembership } from "./members.server";
import { KIND_LABELS, validOn } from "./rules";

/*
 * The members' screens: a rider's membership page (/membership) with the
 * request to join, their member card (/membership/card/{id}, a plain
 * server-rendered page kept offline with the other kept pages), and the
 * office's list (/admin/members) with the dues marked and the CSV import.
 * Every form posts without JavaScript.
 */

const today = associationToday;

/** A year's dates as the app writes dates: "Jan 1, 2026 to Dec 31, 2026". */
export const yearSpanText = (y: Pick<MembershipYear, "startDate" | "endDate">) => `${formatDate(y.startDate)} to ${formatDate(y.endDate)}`;

/**
 * The rider's membership page: their memberships, and the years they can
 * still ask to join (open, not over, and with a rider of the account who
 * has not joined it yet), with the riders who may still join.
 */
export function membershipPage(db: Db, user: User) {
  const mine = myMemberships(db, user);
  const managed = db.select({ id: riders.id, name: riders.name }).from(riders).where(eq(riders.userId, user.id)).all();
  const joined = new Set(mine.map(({ m }) => `${m.yearId}:${m.riderId ?? ""}`));
  const years = listYears(db)
    .filter((y) => y.endDate >= today() && y.closedAt === null)
    .map((y) => ({ year: y, riderIds: [null, ...managed.map((r) => r.id)].filter((id) => !joined.has(`${y.id}:${id ?? ""}`)) }))
    .filter((y) => y.riderIds.length > 0);
  const stillJoining = new Set(years.flatMap((y) => y.riderIds));
  return {
    memberships: mine.map(({ m, y }) => ({ ...presentMembership(m, y), kindLabel: KIND_LABELS[m.kind], expired: y.endDate < today(), validThroughText: formatDate(y.endDate) })),
    years: years.map(({ year }) => ({ ...presentYear(year), spanText: yearSpanText(year), kinds: year.kinds.map((k) => ({ ...k, label: KIND_LABELS[k.kind] })) })),
    selfMayJoin: stillJoining.has(null),
    riders: managed.filter((r) => stillJoining.has(r.id)),
  };
}

export async function joinFromForm(db: Db, user: User, form: FormData) {
  const raw = Object.fromEntries(["yearId", "kind", "riderId", "birthDate"].map((k) => [k, String(form.get(k) ?? "")]));
  const parsed = joinSchema.safeParse(raw);
  if (!parsed.success) return data({ errors: parsed.error.flatten().fieldErrors as Record<string, string[]>, values: raw }, { status: 400 });
  try {
    const { created, membership } = requestMembership(db, user, parsed.data);
    return redirectWithToast(`/membership#m-${membership.id}`, { type: "success", title: created ? "Asked to join" : "Already asked", description: created ? "The office marks your dues paid; your card is ready then." : "This rider has asked for this year already." });
  } catch (error) {
    if (error instanceof HttpError && error.status < 500) {
      const fields = (error.body as { errors?: Record<string, string[]> } | undefined)?.errors ?? { form: [error.message] };
      return data({ errors: fields, values: raw }, { status: error.status });
    }
    throw error;
  }
}

/** The member card: only its rider sees it (404 for anyone else, so a card's existence does not leak). */
export async function memberCard(db: Db, user: User, id: string) {
  const found = (() => {
    try {
      return getMembership(db, id);
    } catch {
      return null;
    }
  })();
  if (!found || found.m.userId !== user.id) throw new Response("Membership not found", { status: 404 });
  const { m, y } = found;
  const recordUrl = `${config().appOrigin}/admin/members?yearId=${encodeURIComponent(y.id)}&member=${encodeURIComponent(m.id)}`;
  const qrSvg = m.status === "ACTIVE" ? await QRCode.toString(recordUrl, { type: "svg", margin: 1, errorCorrectionLevel: "M", color: { dark: "#111827", light: "#ffffff" } }) : null;
  return {
    association: ASSOCIATION_NAME,
    name: m.name,
    number: m.number,
    kind: KIND_LABELS[m.kind],
    yearName: y.name,
    validThrough: formatDate(y.endDate),
    status: m.status,
    expired: !validOn({ from: y.startDate, to: y.endDate }, today()) && y.endDate < today(),
    qrSvg,
  };
}

export function officePage(db: Db, url: URL) {
  const years = listYears(db);
  const chosen = url.searchParams.get("yearId") || currentYear(db, today())?.id || years[0]?.id;
  const creating = url.searchParams.get("new") === "1";
  if (!chosen) return { years: [], year: null, rows: [], status: null, member: null, creating: true, yearForm: yearFormValues(null) };
  const status = url.searchParams.get("status");
  const { year, rows } = officeList(db, chosen, status === "PENDING" || status === "ACTIVE" ? status : undefined);
  const member = url.searchParams.get("member");
  const shown = rows.map((m) => ({ ...presentOfficeMembership(m, year), kindLabel: KIND_LABELS[m.kind] }));
  // The gate's scan: the scanned member first.
  if (member) shown.sort((a, b) => Number(b.id === member) - Number(a.id === member));
  return {
    years: years.map((y) => ({ ...presentYear(y), spanText: yearSpanText(y) })),
    year: { ...presentYear(year), spanText: yearSpanText(year) },
    rows: shown,
    status,
    member,
    creating,
    yearForm: yearFormValues(creating ? null : year),
  };
}

/** One kind's fields in the year form, as typed: offered, dues in dollars, ages. */
export type KindFormValues = { kind: (typeof MEMBERSHIP_KINDS)[number]; label: string; offered: boolean; dues: string; minAge: string; maxAge: string };
export type YearFormValues = { name: string; startDate: string; endDate: string; numberPrefix: string; kinds: KindFormValues[] };

/** The year form filled from a year, or (null) a new year's suggestion: next calendar year, Open and Youth. */
function yearFormValues(year: MembershipYear | null): YearFormValues {
  const next = String(Number(today().slice(0, 4)) + 1);
  const suggested: Record<string, { duesCents: number; minAge: number | null; maxAge: number | null }> = { OPEN: { duesCents: 5000, minAge: null, maxAge: null }, YOUTH: { duesCents: 2500, minAge: null, maxAge: 18 } };
  const offered = year ? Object.fromEntries(year.kinds.map((k) => [k.kind, k])) : suggested;
  return {
    name: year?.name ?? next,
    startDate: year?.startDate ?? `${next}-01-01`,
    endDate: year?.endDate ?? `${next}-12-31`,
    numberPrefix: year?.numberPrefix ?? "",
    kinds: MEMBERSHIP_KINDS.map((kind) => {
      const k = offered[kind];
      return { kind, label: KIND_LABELS[kind], offered: !!k, dues: k ? centsToDollarsText(k.duesCents) : "", minAge: k?.minAge != null ? String(k.minAge) : "", maxAge: k?.maxAge != null ? String(k.maxAge) : "" };
    }),
  };
}

type YearFormResult = { yearForm: { errors: Record<string, string[]>; values: YearFormValues } };

/** The year form as typed, read back into a year: dollars to cents and ages to numbers, each field's problem named. */
function yearFromForm(form: FormData) {
  const text = (name: string) => String(form.get(name) ?? "").trim();
  const values: YearFormValues = {
    name: text("name"),
    startDate: text("startDate"),
    endDate: text("endDate"),
    numberPrefix: text("numberPrefix"),
    kinds: MEMBERSHIP_KINDS.map((kind) => ({ kind, label: KIND_LABELS[kind], offered: form.get(`offer_${kind}`) === "on", dues: text(`dues_${kind}`), minAge: text(`minAge_${kind}`), maxAge: text(`maxAge_${kind}`) })),
  };
  const errors: Record<string, string[]> = {};
  const age = (raw: string, field: string) => {
    if (raw === "") return null;
    if (!/^\d{1,3}$/.test(raw)) {
      errors[field] = [MEMBER_MESSAGES.age];
      return null;
    }
    return Number(raw);
  };
  const kinds = values.kinds
    .filter((k) => k.offered)
    .map((k) => {
      const duesCents = parseDollars(k.dues === "" ? "0" : k.dues);
      if (duesCents === null) errors[`kind_${k.kind}`] = [`${k.label}: dues must be an amount in dollars, such as 50.00`];
      return { kind: k.kind, duesCents: duesCents ?? 0, minAge: age(k.minAge, `kind_${k.kind}`), maxAge: age(k.maxAge, `kind_${k.kind}`) };
    });
  const parsed = membershipYearSchema.safeParse({ name: values.name, startDate: values.startDate, endDate: values.endDate, numberPrefix: values.numberPrefix, kinds });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] === "kinds" ? (typeof issue.path[1] === "number" ? `kind_${kinds[issue.path[1]]?.kind}` : "kinds") : String(issue.path[0] ?? "form");
      (errors[field] ??= []).push(issue.message);
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false as const, errors, values };
  return { ok: true as const, input: parsed.data, values };
}

const yearOrNull = (db: Db, id: string) => {
  try {
    return getYear(db, id);
  } catch {
    return null;
  }
};

/** The office's year intents: open a new year, save a year's dates, kinds and format, close it to new requests or reopen it. */
export function yearIntent(db: Db, form: FormData) {
  const intent = String(form.get("intent") ?? "");
  const yearId = String(form.get("yearId") ?? "");
  const refused = (errors: Record<string, string[]>, values: YearFormValues, status: number) => data<YearFormResult>({ yearForm: { errors, values } }, { status });
  if (intent === "year-close" || intent === "year-reopen") {
    const closing = intent === "year-close";
    try {
      const year = updateYear(db, yearId, { closed: closing });
      return redirectWithToast(`/admin/members?yearId=${encodeURIComponent(year.id)}`, { type: "success", title: closing ? `${year.name} closed` : `${year.name} reopened`, description: closing ? "Riders can no longer ask to join it; you can still mark dues." : "Riders can ask to join it again." });
    } catch (error) {
      if (error instanceof HttpError && error.status < 500) return refused({ form: [error.message] }, yearFormValues(yearOrNull(db, yearId)), error.status);
      throw error;
    }
  }
  const read = yearFromForm(form);
  if (!read.ok) return refused(read.errors, read.values, 400);
  try {
    const year = intent === "year-create" ? createYear(db, read.input) : updateYear(db, getYear(db, yearId).id, read.input);
    return redirectWithToast(`/admin/members?yearId=${encodeURIComponent(year.id)}`, { type: "success", title: intent === "year-create" ? `${year.name} opened` : `${year.name} saved`, description: yearSpanText(year) });
  } catch (error) {
    if (error instanceof HttpError && error.status < 500) {
      const fields = (error.body as { errors?: Record<string, string[]> } | undefined)?.errors ?? { form: [error.message] };
      return refused(fields, read.values, error.status);
    }
    throw error;
  }
}

export type ImportScreen = { report: ImportReport; csv: string; message: string } | null;

/** The office's intents: mark (dues paid, how, number), unpay, preview (an uploaded file), import (the previewed file). */
export async function officeIntent(db: Db, form: FormData, office?: Pick<User, "id">) {
  const intent = form.get("intent");
  const yearId = String(form.get("yearId") ?? "");
  const back = `/admin/members?yearId=${encodeURIComponent(yearId)}`;
  try {
    if (intent === "mark" || intent === "unpay") {
      const id = String(form.get("membershipId") ?? "");
      const input =
        intent === "unpay"
          ? { paid: false }
          : { paid: true, paidMethod: String(form.get("paidMethod") ?? "") || undefined, paidReference: String(form.get("paidReference") ?? ""), number: String(form.get("number") ?? "") || undefined };
      const parsed = membershipMarkSchema.safeParse(input);
      if (!parsed.success) return data({ rowError: { id, message: parsed.error.issues[0]?.message ?? "Check the fields" }, importResult: null }, { status: 400 });
      const { membership } = markMembership(db, id, parsed.data, office);
      return redirectWithToast(`${back}#m-${membership.id}`, { type: "success", title: intent === "unpay" ? "Marked unpaid" : "Dues paid", description: membership.number ? `${membership.name}: member ${membership.number}` : membership.name });
    }
    if (intent === "preview" || intent === "import") {
      const file = form.get("file");
      const csv = intent === "preview" ? (file instanceof File ? await file.text() : String(file ?? "")) : String(form.get("csv") ?? "");
      if (csv.trim() === "") return data({ rowError: null, importResult: { report: null, csv: "", message: "Choose a CSV file to preview" } }, { status: 400 });
      const report = importMembers(db, yearId, csv, intent === "preview");
      if (intent === "import" && report.written) {
        return redirectWithToast(back, { type: "success", title: "Members imported", description: `${report.created} created, ${report.linked} linked` });
      }
      const message = report.refused.length
        ? `${report.refused.length} ${report.refused.length === 1 ? "line is" : "lines are"} refused: correct the file and preview it again. Nothing was written.`
        : `Ready: ${report.created} to create, ${report.linked} to link.`;
      return data({ rowError: null, importResult: { report, csv: report.refused.length ? "" : csv, message } }, { status: intent === "import" ? 422 : 200 });
    }
  } catch (error) {
    if (error instanceof HttpError && error.status < 500) {
      const id = String(form.get("membershipId") ?? "");
      if (intent === "mark" || intent === "unpay") return data({ rowError: { id, message: error.message }, importResult: null }, { status: error.status });
      return data({ rowError: null, importResult: { report: null, csv: "", message: error.message } }, { status: error.status });
    }
    throw error;
  }
  return data({ rowError: null, importResult: { report: null, csv: "", message: "Unknown action" } }, { status: 400 });
}
