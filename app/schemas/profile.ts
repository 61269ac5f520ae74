import { z } from "zod";
import { BIO_MAX, DIVISIONS, PRIVACY_MODES, RIDER_TYPES } from "./constants";
import { zipCodeField } from "./auth";

/** Every field optional; "" clears favoriteHorse and division (the form's "none"). */
export const profileUpdateSchema = z
  .object({
    firstName: z.string().trim().min(1, "First name is required").max(50),
    lastName: z.string().trim().max(50),
    homeZipCode: zipCodeField,
    riderType: z.enum(RIDER_TYPES),
    favoriteHorse: z.string().trim().max(60),
    division: z.union([z.enum(DIVISIONS), z.literal("")]),
    bio: z.string().trim().max(BIO_MAX, "Bio must be 150 characters or less"),
    privacyMode: z.enum(PRIVACY_MODES),
  })
  .partial()
  .strict();
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
