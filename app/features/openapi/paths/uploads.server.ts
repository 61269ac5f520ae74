import { convertUploadUrlSchema, profilePictureSchema } from "~/schemas/api";
import { UPLOAD_KINDS, UPLOAD_RULES } from "~/schemas/uploads";
import { z, type Area } from "../registry.server";
import { anyObject, UploadGrant } from "../shapes.server";

const MB = 1024 * 1024;
const sizes = UPLOAD_KINDS.map((kind) => `${kind} ${UPLOAD_RULES[kind].maxBytes / MB} MB (${UPLOAD_RULES[kind].kinds})`).join("; ");

/** Files: a signed URL first, then one PUT of the file to it. */
export const uploads: Area = (api) => {
  api.post("/api/objects/upload", {
    operationId: "createUploadUrl",
    summary: "A signed URL to upload one file to",
    description: `No body. \`kind\` decides what the file may be and how large: ${sizes}. Default: showbill.`,
    access: "user",
    query: z.object({ kind: z.enum(UPLOAD_KINDS as [string, ...string[]]).optional() }),
    responses: { 200: { description: "The URL to PUT the file to.", schema: UploadGrant } },
  });
  api.put("/api/objects/put/{token}", {
    operationId: "uploadObject",
    summary: "Upload the file",
    description:
      "The body is the file itself. The signed token is the authority (kind, owner, expiry), so no cookie is needed. " +
      "Too large answers 413, a type the kind does not take (or a file that is not what its name says) 415, each with `code`.",
    access: "public",
    params: { token: "The signed token from `uploadURL`." },
    body: { contentType: "application/octet-stream", schema: z.string().openapi({ format: "binary" }), description: "The file." },
    responses: { 201: { description: "Stored.", schema: anyObject("Where the file is (`url`) and its previews.") } },
    errors: [400, 413, 415],
  });
  api.post("/api/objects/convert-url", {
    operationId: "getUploadedObjectUrl",
    summary: "The address of an uploaded file",
    description: "Only for the user the upload URL was made for.",
    access: "user",
    body: convertUploadUrlSchema,
    responses: {
      200: { description: "Its addresses.", schema: z.object({ accessURL: z.string(), previewUrl: z.string().nullable(), contentType: z.string().nullable() }) },
    },
    errors: [404],
  });
  api.post("/api/profile-picture/upload", {
    operationId: "createProfilePictureUploadUrl",
    summary: "A signed URL to upload a profile picture to",
    description: `One image, up to ${UPLOAD_RULES.avatar.maxBytes / MB} MB.`,
    access: "user",
    responses: { 200: { description: "The URL to PUT the image to.", schema: UploadGrant } },
  });
  api.put("/api/profile-picture", {
    operationId: "setProfilePicture",
    summary: "Set the profile picture",
    description: "To an image this user uploaded as an avatar; never someone else's file or a link.",
    access: "user",
    body: profilePictureSchema,
    responses: { 200: { description: "Set.", schema: z.object({ profileImageUrl: z.string(), message: z.string() }) } },
  });
};
