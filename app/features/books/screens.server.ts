import { data } from "@remix-run/node";
import type { User } from "#db/schema";
import { redirectWithToast, requireAdminScreen, requireUser } from "~/lib/auth.server";
import { now } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { readForm } from "~/lib/forms.server";
import { asPage, HttpError } from "~/lib/http.server";
import { zoneOfZip } from "~/features/events/zones.server";
import { requireRaceManager } from "~/features/raceday/access.server";
import { parseDollars } from "~/schemas/raceday";
import { BOOKS_MESSAGES, booksSettingsSchema, checkNumberSchema, checkVoidSchema, payeeJoinSchema, payeeUnjoinSchema } from "~/schemas/books";
import { booksOf, closeoutsOf, presentBooks } from "./books.server";
import { closeDay, deviceOf, moneyRules, postLedger, setMoneyRules } from "./ledger.server";
import { closeDaySchema, LEDGER_MESSAGES, ledgerPostSchema, moneyRulesSchema } from "~/schemas/ledger";
import { cashCheck, eventChecks, voidCheck, writeCheck } from "./checks.server";
import { joinPayee, unjoinPayee } from "./payeeLinks.server";
import { setBooksSettings } from "./settings.server";
import { printedSheet } from "./sheets.server";
import { winningsYear } from "./winnings-query.server";
import { yearWinnings } from "./winnings.server";

/*
 * The office's screens over the same server functions as the /api routes:
 * the books and their close-out sheet (/events/{id}/books), the checks to
 * winners (/events/{id}/checks) and a year's winnings (/admin/winnings).
 * Every form is a plain POST with an intent; a refusal comes back beside
 * the row it is about, with what was typed kept.
 */

function managed(user: User, eventId: string) {
  return asPage(() => requireRaceManager(getDb(), user, eventId));
}

export async function booksScreen(request: Request, eventId: string) {
  const user = await requireUser(request);
  const event = managed(user, eventId);
  const db = getDb();
  const of = booksOf(db, user, event.id);
  return { ...presentBooks(of), closeouts: closeoutsOf(db, of), moneyRules: moneyRules(db, event.id), zone: zoneOfZip(event.zipCode), printedAt: now().toISOString() };
}

/** The scratch policy form's fields, as typed, and what was wrong with each. */
export type MoneyRulesRefusal = { rules: { values: Record<string, string>; errors: Record<string, string> } };

/** The scratch policy and late fee from the books' form: dollars as typed, a percent, a tick. */
function moneyRulesAction(user: User, eventId: string, form: FormData) {
  const values = { beforeDraw: field(form, "beforeDraw"), officeFee: field(form, "officeFee"), afterDrawPercent: field(form, "afterDrawPercent"), turnOutOwes: field(form, "turnOutOwes"), lateFee: field(form, "lateFee") };
  const dollars = (text: string) => (text.trim() === "" ? 0 : (parseDollars(text) ?? Number.NaN));
  const percent = values.afterDrawPercent.trim() === "" ? 0 : /^\d{1,3}$/.test(values.afterDrawPercent.trim()) ? Number(values.afterDrawPercent.trim()) : Number.NaN;
  const parsed = moneyRulesSchema.safeParse({
    beforeDraw: values.beforeDraw,
    scratchOfficeFeeCents: dollars(values.officeFee),
    afterDrawPercent: percent,
    turnOutOwes: values.turnOutOwes === "on",
    lateFeeCents: dollars(values.lateFee),
  });
  if (!parsed.success) {
    const field = { scratchOfficeFeeCents: "officeFee", lateFeeCents: "lateFee" } as Record<string, string>;
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? "");
      errors[field[key] ?? key] ??= issue.message;
    }
    // The schema's one rule across fields is checked after its fields: here every message shows at once.
    if (values.beforeDraw === "LESS_FEE" && dollars(values.officeFee) === 0) errors.officeFee ??= LEDGER_MESSAGES.officeFeeNeeded;
    return data<MoneyRulesRefusal>({ rules: { values, errors } }, { status: 400 });
  }
  setMoneyRules(getDb(), user, eventId, parsed.data);
  return redirectWithToast(`/events/${eventId}/books`, { type: "success", title: "Scratch Policy Saved", description: "What scratches, turn-outs and late entries owe follows it from now on." });
}

/** A charge's fields as typed, and what was wrong with each. */
export type ChargeRefusal = { charge: { values: Record<string, string>; errors: Record<string, string> } };

/** The books' charge form: a label, who for, dollars as typed, how it was paid; a ledger record, out of the pot. */
function chargeAction(user: User, eventId: string, form: FormData, request: Request) {
  const values = { label: field(form, "label"), payeeName: field(form, "payeeName"), amount: field(form, "amount"), method: field(form, "method"), reference: field(form, "reference") };
  const refused = (errors: Record<string, string>, status = 400) => data<ChargeRefusal>({ charge: { values, errors } }, { status });
  const errors: Record<string, string> = {};
  const amountCents = parseDollars(values.amount);
  if (amountCents === null || amountCents <= 0) errors.amount = "Give the amount in dollars and cents, above $0.00, like 25 or 25.00";
  if (!values.label.trim()) errors.label = "Say what the charge is for (Stall, Office fee)";
  const parsed = ledgerPostSchema.safeParse({ kind: "CHARGE", label: values.label, payeeName: values.payeeName, amountCents: amountCents ?? 1, method: values.method, reference: values.reference });
  if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "")] ??= issue.message;
  if (values.method === "COMP") errors.method = "A charge is money taken: cash, check, card or online";
  if (Object.keys(errors).length) return refused(errors);
  try {
    postLedger(getDb(), user, eventId, { ...parsed.data!, kind: "CHARGE" }, { device: deviceOf(request) });
  } catch (error) {
    if (!(error instanceof HttpError) || error.status >= 500) throw error;
    const fields = (error.body.errors as Record<string, string[]> | undefined) ?? {};
    return refused(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k === "amountCents" ? "amount" : k, v[0] ?? error.message])), error.status);
  }
  return redirectWithToast(`/events/${eventId}/books`, { type: "success", title: "Charge Recorded", description: `${values.label.trim()}${values.payeeName.trim() ? `, ${values.payeeName.trim()}` : ""}` });
}

/** The books' forms: close a day (its figures kept as they stand), the scratch policy and late fee, and a charge. */
export async function booksAction(request: Request, eventId: string) {
  const user = await requireUser(request);
  managed(user, eventId);
  const form = await readForm(request);
  if (field(form, "intent") === "money-rules") return moneyRulesAction(user, eventId, form);
  if (field(form, "intent") === "charge") return chargeAction(user, eventId, form, request);
  const day = field(form, "day");
  if (field(form, "intent") !== "close-day") return data({ day, message: "Unknown action" }, { status: 400 });
  const parsed = closeDaySchema.safeParse({ day });
  if (!parsed.success) return data({ day, message: parsed.error.issues[0]?.message ?? "Choose a day" }, { status: 400 });
  try {
    closeDay(getDb(), user, eventId, parsed.data.day);
  } catch (error) {
    if (!(error instanceof HttpError) || error.status >= 500) throw error;
    return data({ day, message: error.message }, { status: error.status });
  }
  return redirectWithToast(`/events/${eventId}/books`, { type: "success", title: "Day Closed", description: parsed.data.day });
}

export async function checksScreen(request: Request, eventId: string) {
  const user = await requireUser(request);
  const event = managed(user, eventId);
  return { ...eventChecks(getDb(), user, event.id), zone: zoneOfZip(event.zipCode) };
}

const field = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v.slice(0, 400) : "";
};

export type ChecksActionData = { payeeKey: string; intent: "check-number" | "check-void" | "check-cashed"; message: string; value: string };

export async function checksAction(request: Request, eventId: string) {
  const user = await requireUser(request);
  managed(user, eventId);
  const form = await readForm(request);
  const intent = field(form, "intent");
  const payeeKey = field(form, "payeeKey");
  const here = `/events/${eventId}/checks`;
  const refuse = (i: ChecksActionData["intent"], message: string, value: string, status = 400) => data<ChecksActionData>({ payeeKey, intent: i, message, value }, { status });
  if (intent === "check-number") {
    const value = field(form, "number");
    const parsed = checkNumberSchema.safeParse({ number: value });
    if (!parsed.success) return refuse(intent, parsed.error.issues[0]?.message ?? BOOKS_MESSAGES.checkNumber, value);
    try {
      const { payee } = writeCheck(getDb(), user, eventId, payeeKey, parsed.data.number);
      return redirectWithToast(here, { type: "success", title: "Check Saved", description: `Check ${parsed.data.number} to ${payee.payeeName}` });
    } catch (error) {
      if (!(error instanceof HttpError) || error.status >= 500) throw error;
      return refuse(intent, error.message, value, error.status);
    }
  }
  if (intent === "check-void") {
    const value = field(form, "reason");
    const parsed = checkVoidSchema.safeParse({ reason: value });
    if (!parsed.success) return refuse(intent, parsed.error.issues[0]?.message ?? BOOKS_MESSAGES.voidReason, value);
    try {
      const payee = voidCheck(getDb(), user, eventId, payeeKey, parsed.data.reason);
      return redirectWithToast(here, { type: "success", title: "Check Void", description: `${payee.payeeName}: write another check` });
    } catch (error) {
      if (!(error instanceof HttpError) || error.status >= 500) throw error;
      return refuse(intent, error.message, value, error.status);
    }
  }
  if (intent === "check-cashed") {
    try {
      const payee = cashCheck(getDb(), user, eventId, payeeKey);
      return redirectWithToast(here, { type: "success", title: "Check Cashed", description: `${payee.payeeName}: check ${payee.check?.number ?? ""}` });
    } catch (error) {
      if (!(error instanceof HttpError) || error.status >= 500) throw error;
      return refuse(intent, error.message, "", error.status);
    }
  }
  return refuse("check-number", "Unknown action", "", 400);
}

export async function winningsScreen(request: Request) {
  await requireAdminScreen(request);
  try {
    return data({ ...yearWinnings(getDb(), winningsYear(request)), yearError: null, typedYear: null });
  } catch (error) {
    if (!(error instanceof HttpError) || error.status !== 400) throw error;
    // A year the report cannot show: this year's report, with the refusal at the Year field and what was typed kept.
    const typedYear = new URL(request.url).searchParams.get("year") ?? "";
    return data({ ...yearWinnings(getDb(), now().getUTCFullYear()), yearError: error.message, typedYear }, { status: 400 });
  }
}

export type WinningsActionData = { intent: "threshold" | "join"; message: string; value: string; walkUpName?: string };

/** The admin's winnings forms: the threshold in dollars as typed ("600", "600.00"); a walk-up joined to an account, or the join undone. */
export async function winningsAction(request: Request) {
  const admin = await requireAdminScreen(request);
  const form = await readForm(request);
  const url = new URL(request.url);
  const here = `/admin/winnings${url.search}`;
  const intent = field(form, "intent");
  if (intent === "join" || intent === "unjoin") {
    const walkUpName = field(form, "walkUpName");
    const email = field(form, "email");
    try {
      if (intent === "unjoin") {
        const parsed = payeeUnjoinSchema.safeParse({ walkUpName });
        if (!parsed.success) throw new HttpError(400, BOOKS_MESSAGES.joinName);
        unjoinPayee(getDb(), parsed.data.walkUpName);
        return redirectWithToast(here, { type: "success", title: "Join Undone", description: `${walkUpName} is a payee of their own again.` });
      }
      const parsed = payeeJoinSchema.safeParse({ walkUpName, email });
      if (!parsed.success) return data<WinningsActionData>({ intent: "join", walkUpName, message: parsed.error.issues[0]?.message ?? BOOKS_MESSAGES.joinEmail, value: email }, { status: 400 });
      const joined = joinPayee(getDb(), admin, parsed.data);
      return redirectWithToast(here, { type: "success", title: "Payee Joined", description: `${walkUpName}'s winnings now count in ${joined.payeeName}'s year.` });
    } catch (error) {
      if (!(error instanceof HttpError) || error.status >= 500) throw error;
      return data<WinningsActionData>({ intent: "join", walkUpName, message: error.message, value: email }, { status: error.status });
    }
  }
  const value = field(form, "threshold");
  const cents = parseDollars(value);
  const parsed = booksSettingsSchema.safeParse({ taxFormThresholdCents: cents ?? Number.NaN });
  if (cents === null || !parsed.success) return data<WinningsActionData>({ intent: "threshold", message: BOOKS_MESSAGES.threshold, value }, { status: 400 });
  setBooksSettings(getDb(), admin, parsed.data);
  return redirectWithToast(here, { type: "success", title: "Threshold Saved" });
}

export async function sheetScreen(request: Request, eventId: string, sheet: string) {
  const user = await requireUser(request);
  const classId = new URL(request.url).searchParams.get("class");
  return asPage(() => printedSheet(getDb(), user, eventId, sheet, classId));
}
