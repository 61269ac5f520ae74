import { data } from "@remix-run/node";
import QRCode from "qrcode";
import { riders, type User } from "#db/schema";
import { eq } from "drizzle-orm";
import { redirectWithToast } from "~/lib/auth.server";
import { now } from "~/lib/clock.server";
import { config } from "~/lib/config.server";
import type { Db } from "~/lib/db.server";
import { HttpError } from "~/lib/http.server";
import { joinSchema, membershipMarkSchema, ASSOCIATION_NAME } from "~/schemas/members";
import { importMembers, type ImportReport } from "./csv.server";
import { currentYear, getMembership, listYears, markMembership, myMemberships, officeList, presentMembership, presentOfficeMembership, presentYear, requestMembership } from "./members.server";
import { KIND_LABELS, validOn } from "./rules";

/*
 * The members' screens: a rider's membership page (/membership) with the
 * request to join, their member card (/membership/card/{id}, a plain
 * server-rendered page kept offline with the other kept pages), and the
 * office's list (/admin/members) with the dues marked and the CSV import.
 * Every form posts without JavaScript.
 */

const today = () => now().toISOString().slice(0, 10);

export function membershipPage(db: Db, user: User) {
  const years = listYears(db).filter((y) => y.endDate >= today());
  return {
    memberships: myMemberships(db, user).map(({ m, y }) => ({ ...presentMembership(m, y), kindLabel: KIND_LABELS[m.kind], expired: y.endDate < today() })),
    years: years.map(presentYear).map((y) => ({ ...y, kinds: y.kinds.map((k) => ({ ...k, label: KIND_LABELS[k.kind] })) })),
    riders: db.select({ id: riders.id, name: riders.name }).from(riders).where(eq(riders.userId, user.id)).all(),
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
    validThrough: y.endDate,
    status: m.status,
    expired: !validOn({ from: y.startDate, to: y.endDate }, today()) && y.endDate < today(),
    qrSvg,
  };
}

export function officePage(db: Db, url: URL) {
  const years = listYears(db);
  const chosen = url.searchParams.get("yearId") || currentYear(db, today())?.id || years[0]?.id;
  if (!chosen) return { years: [], year: null, rows: [], status: null, member: null };
  const status = url.searchParams.get("status");
  const { year, rows } = officeList(db, chosen, status === "PENDING" || status === "ACTIVE" ? status : undefined);
  const member = url.searchParams.get("member");
  const shown = rows.map((m) => ({ ...presentOfficeMembership(m, year), kindLabel: KIND_LABELS[m.kind] }));
  // The gate's scan: the scanned member first.
  if (member) shown.sort((a, b) => Number(b.id === member) - Number(a.id === member));
  return { years: years.map(presentYear), year: presentYear(year), rows: shown, status, member };
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
