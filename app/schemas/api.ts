import { z } from "zod";

/**
 * Bodies that only the JSON API takes (no form sends them): kept here, with
 * the other schemas, so the routes and the API's description
 * (app/features/openapi) read the same ones.
 */

/** POST /api/geocode-location. */
export const geocodeSchema = z.object({ address: z.string().trim().min(1, "Address is required").max(300) });

/** POST /api/objects/convert-url. */
export const convertUploadUrlSchema = z.object({ uploadURL: z.string().min(1, "uploadURL is required").max(2000) });

/** PUT /api/profile-picture. */
export const profilePictureSchema = z.object({
  profileImageURL: z.string({ required_error: "profileImageURL is required" }).min(1, "profileImageURL is required"),
});
