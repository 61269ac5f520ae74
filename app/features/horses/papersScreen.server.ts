import { data } from "@remix-run/node";
import { z } from "zod";
import { redirectWithToast, requireUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { HttpError, rethrowStorageFailure } from "~/lib/http.server";
import { isUploadRefusal } from "~/schemas/uploads";
import { paperSchema } from "~/schemas/papers";
import { readPaperForm } from "./paperForm.server";
import { addPaper, deletePaper, getPaper, listPapers, ownedHorse, papersPageUrl, updatePaperDates } from "./papers.server";

/*
 * The papers screens (/horses/{id}/papers, /horses/{id}/papers/{docId}) and
 * the one action every papers form posts to, from those screens and from
 * the horse's screen: add (multipart, the file with it), new dates, delete.
 * Success goes back where the form came from with a toast; a refused form
 * comes back with its messages (field by field, the file's refusal under
 * the file).
 */

export type PapersFormResult = {
  intent: "add" | "dates";
  docId?: string;
  fieldErrors: Record<string, string[]>;
  formError: string | null;
  /** What the rider sent, so a form shown again without JavaScript keeps it (a file cannot be kept). */
  values?: Record<string, string>;
};

const sent = (form: FormData) => Object.fromEntries(["kind", "issuedOn", "expiresOn"].map((name) => [name, String(form.get(name) ?? "")]));

const notFound = <T extends object>(empty: T) => data({ ...empty, found: false as const }, { status: 404 });

export async function papersScreen(request: Request, horseId: string) {
  const user = await requireUser(request);
  const db = getDb();
  try {
    const horse = ownedHorse(db, user, horseId);
    return { found: true as const, horse: { id: horse.id, name: horse.name }, papers: listPapers(db, user, horseId) };
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return notFound({});
    throw error;
  }
}

export async function paperScreen(request: Request, horseId: string, docId: string) {
  const user = await requireUser(request);
  try {
    const { horse, paper } = getPaper(getDb(), user, horseId, docId);
    return { found: true as const, horse: { id: horse.id, name: horse.name }, paper };
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return notFound({});
    throw error;
  }
}

const intentSchema = z.object({ intent: z.enum(["add", "dates", "delete"]).default("add"), docId: z.string().optional(), back: z.string().optional() });

/** Where to go after: the page the form came from, if it is one of this horse's, else its papers. */
function backTo(horseId: string, back: string | undefined) {
  const here = `/horses/${horseId}`;
  return back && (back === here || back.startsWith(`${here}/papers`)) && /^[\w/-]+$/.test(back) ? back : papersPageUrl(horseId);
}

function refused(result: PapersFormResult, status: number) {
  return data({ result }, { status });
}

export async function papersAction(request: Request, horseId: string) {
  const user = await requireUser(request);
  const db = getDb();
  try {
    ownedHorse(db, user, horseId);
  } catch (error) {
    if (error instanceof HttpError) return refused({ intent: "add", fieldErrors: {}, formError: error.message }, error.status);
    throw error;
  }
  let form: FormData;
  let file: Blob | null;
  try {
    ({ form, file } = await readPaperForm(request, { readOversized: true }));
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const message = isUploadRefusal(error.body.code) ? `${String(error.body.title ?? "Upload Failed")}: ${error.message}` : error.message;
    return refused({ intent: "add", fieldErrors: isUploadRefusal(error.body.code) ? { file: [message] } : {}, formError: isUploadRefusal(error.body.code) ? null : message }, error.status);
  }
  const asked = intentSchema.safeParse(Object.fromEntries(form));
  if (!asked.success) return redirectWithToast(papersPageUrl(horseId), { type: "error", title: "Unknown action" });
  const { intent, docId = "", back } = asked.data;
  const to = backTo(horseId, back);
  try {
    if (intent === "delete") {
      deletePaper(db, user, horseId, docId);
      // The paper's own page is gone with it.
      return redirectWithToast(to.includes(`/papers/${docId}`) ? papersPageUrl(horseId) : to, { type: "success", title: "Paper Deleted" });
    }
    if (intent === "dates") {
      const day = (name: string) => {
        const value = String(form.get(name) ?? "").trim();
        return value === "" ? null : value;
      };
      updatePaperDates(db, user, horseId, docId, { issuedOn: day("issuedOn"), expiresOn: day("expiresOn") });
      return redirectWithToast(to, { type: "success", title: "Dates Updated" });
    }
    const parsed = paperSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) {
      return refused({ intent: "add", fieldErrors: parsed.error.flatten().fieldErrors as Record<string, string[]>, formError: null, values: sent(form) }, 400);
    }
    await addPaper(db, user, horseId, parsed.data, file);
    return redirectWithToast(to, { type: "success", title: "Paper Added" });
  } catch (error) {
    rethrowStorageFailure(error, request);
    if (!(error instanceof HttpError)) throw error;
    if (error.status === 404) return redirectWithToast(papersPageUrl(horseId), { type: "error", title: "Paper not found" });
    const fieldErrors = (error.body.errors as Record<string, string[]> | undefined) ?? {};
    if (isUploadRefusal(error.body.code)) fieldErrors.file = [`${String(error.body.title ?? "Upload Failed")}: ${error.message}`];
    const known = Object.keys(fieldErrors).length > 0;
    return refused({ intent: intent === "dates" ? "dates" : "add", docId: intent === "dates" ? docId : undefined, fieldErrors, formError: known ? null : error.message, values: sent(form) }, error.status);
  }
}
