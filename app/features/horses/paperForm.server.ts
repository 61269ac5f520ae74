import { HttpError } from "~/lib/http.server";
import { tooLarge } from "~/lib/uploads/sniff.server";
import { UPLOAD_RULES } from "~/schemas/uploads";

/** Room for the form's other fields and the multipart boundaries beside the file. */
const FORM_SLACK = 64 * 1024;

/**
 * Reads a posted paper (multipart: kind, issuedOn, expiresOn, file), by the
 * screen and the /api alike. A body declared larger than a paper may be is
 * refused before it is read (413, the upload rules' message); a body that is
 * not a form is the sender's mistake (400). The screen reads such a body
 * anyway (`readOversized`, up to the server's own body limit): the file is
 * then refused by the upload check, and the form comes back with its dates
 * and kind as typed instead of empty.
 */
export async function readPaperForm(request: Request, { readOversized = false } = {}) {
  if (!readOversized && Number(request.headers.get("content-length") ?? 0) > UPLOAD_RULES.paper.maxBytes + FORM_SLACK) throw tooLarge("paper");
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new HttpError(400, "Send the paper as a form (multipart/form-data) with kind, issuedOn, expiresOn and file");
  }
  const file = form.get("file");
  form.delete("file");
  return { form, file: file instanceof Blob && file.size > 0 ? file : null };
}
