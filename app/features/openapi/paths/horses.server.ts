import { horsePatchSchema, newHorseSchema } from "~/schemas/horses";
import { paperDatesPatchSchema, paperSchema } from "~/schemas/papers";
import { UPLOAD_RULES } from "~/schemas/uploads";
import { MessageBody, z, type Area } from "../registry.server";
import { anyObject, Horse, Paper } from "../shapes.server";

const MB = 1024 * 1024;
const horse = { id: "The horse's id." };
const paper = { id: "The horse's id.", docId: "The paper's id." };

/** Horses and their papers. Anyone else's horse answers 404, like a missing one. */
export const horses: Area = (api) => {
  api.get("/api/horses", {
    operationId: "listHorses",
    summary: "The user's horses",
    description: "Without `view`: the names of the active horses and the favourite. With `view=records`: the horse records, retired ones included.",
    access: "user",
    query: z.object({ view: z.enum(["records"]).optional() }),
    responses: { 200: { description: "The names, or the records.", schema: z.union([z.array(Horse), anyObject("The names of the active horses.")]) } },
  });
  api.post("/api/horses", {
    operationId: "createHorse",
    summary: "Add a horse",
    access: "user",
    body: newHorseSchema,
    responses: { 201: { description: "Added.", schema: Horse } },
    errors: [409],
  });
  api.get("/api/horses/{id}", {
    operationId: "getHorse",
    summary: "One horse",
    access: "user",
    params: horse,
    responses: { 200: { description: "The horse.", schema: Horse } },
    errors: [404],
  });
  api.patch("/api/horses/{id}", {
    operationId: "updateHorse",
    summary: "Change a horse",
    description: "Any of its fields: `retired` retires it or brings it back, `shared` publishes its record, `photoUrl` an image uploaded with `?kind=horse` (null removes it).",
    access: "user",
    params: horse,
    body: horsePatchSchema,
    responses: { 200: { description: "The horse.", schema: Horse } },
    errors: [404, 409],
  });
  api.delete("/api/horses/{id}", {
    operationId: "deleteHorse",
    summary: "Delete a horse",
    description: "Its runs stay, unlinked.",
    access: "user",
    params: horse,
    responses: { 200: { description: "Deleted.", schema: MessageBody } },
    errors: [404],
  });
  api.get("/api/horses/{id}/documents", {
    operationId: "listHorseDocuments",
    summary: "A horse's papers",
    access: "user",
    params: horse,
    responses: { 200: { description: "The papers.", schema: z.array(Paper) } },
    errors: [404],
  });
  api.post("/api/horses/{id}/documents", {
    operationId: "createHorseDocument",
    summary: "Add a paper",
    description: `Multipart form: \`kind\`, \`issuedOn\`, \`expiresOn\` and \`file\` (an image or a PDF, up to ${UPLOAD_RULES.paper.maxBytes / MB} MB).`,
    access: "user",
    params: horse,
    body: {
      contentType: "multipart/form-data",
      schema: paperSchema.innerType().extend({ file: z.string().openapi({ format: "binary" }) }),
    },
    responses: { 201: { description: "Added.", schema: Paper } },
    errors: [404, 415],
  });
  api.get("/api/horses/{id}/documents/{docId}", {
    operationId: "getHorseDocument",
    summary: "One paper",
    access: "user",
    params: paper,
    responses: { 200: { description: "The paper.", schema: Paper } },
    errors: [404],
  });
  api.patch("/api/horses/{id}/documents/{docId}", {
    operationId: "updateHorseDocument",
    summary: "Change a paper's dates",
    description: "`issuedOn` and `expiresOn` as YYYY-MM-DD, or null to clear; its reminders move.",
    access: "user",
    params: paper,
    body: paperDatesPatchSchema,
    responses: { 200: { description: "The paper.", schema: Paper } },
    errors: [404],
  });
  api.delete("/api/horses/{id}/documents/{docId}", {
    operationId: "deleteHorseDocument",
    summary: "Delete a paper",
    description: "The paper, its file and its pending reminders.",
    access: "user",
    params: paper,
    responses: { 200: { description: "Deleted.", schema: MessageBody } },
    errors: [404],
  });
  api.get("/api/horses/{id}/documents/{docId}/file", {
    operationId: "getHorseDocumentFile",
    summary: "A paper's file",
    description: "To its owner only; `Cache-Control: private, no-store`.",
    access: "user",
    params: paper,
    responses: { 200: { description: "The image or PDF.", contentType: "application/octet-stream" } },
    errors: [404],
  });
  api.get("/api/share/horse/{id}", {
    operationId: "getSharedHorse",
    summary: "A horse's shared record",
    description: "Public while its owner shares it; otherwise answered like a missing one.",
    access: "public",
    params: horse,
    responses: { 200: { description: "The record.", schema: anyObject("The horse and its public runs.") } },
    errors: [404],
  });
};
