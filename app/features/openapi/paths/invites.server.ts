import { MessageBody, z, type Area } from "../registry.server";

const InviteLink = z
  .object({ id: z.number().int(), code: z.string(), url: z.string() })
  .passthrough()
  .openapi("InviteLink");

/** Invitation links. */
export const invites: Area = (api) => {
  api.get("/api/invite-links", {
    operationId: "listInviteLinks",
    summary: "The user's active invitation links",
    access: "user",
    responses: { 200: { description: "The links.", schema: z.array(InviteLink) } },
  });
  api.post("/api/invite-links", {
    operationId: "createInviteLink",
    summary: "Make an invitation link",
    description: "No body.",
    access: "user",
    responses: { 201: { description: "The link.", schema: InviteLink } },
  });
  api.delete("/api/invite-links/{id}", {
    operationId: "deactivateInviteLink",
    summary: "Deactivate one of the user's invitation links",
    access: "user",
    params: { id: "The link's id (a number)." },
    responses: { 200: { description: "Deactivated.", schema: MessageBody } },
    errors: [404],
  });
  api.get("/api/invite-links/validate/{code}", {
    operationId: "validateInviteCode",
    summary: "Whether an invitation code can still be used",
    access: "public",
    params: { code: "The invitation code." },
    responses: { 200: { description: "Its state.", schema: z.object({ valid: z.boolean() }) } },
  });
};
