import { z } from "zod";
import { PASSWORD_MIN, PRIVACY_MODES, RIDER_TYPES } from "./constants";

export const INVALID_INVITE = "Invalid or expired invite code";

/** SPEC.md section 5 messages, written once and used by forms, actions and the API. */
export const emailField = z
  .string({ required_error: "Please enter a valid email address" })
  .trim()
  .toLowerCase()
  .email("Please enter a valid email address")
  .max(254, "Please enter a valid email address");

export const zipCodeField = z
  .string()
  .trim()
  .length(5, "ZIP code must be 5 digits")
  .regex(/^\d+$/, "ZIP code must contain only numbers");

const newPassword = z
  .string({ required_error: "Password must be at least 8 characters" })
  .min(PASSWORD_MIN, "Password must be at least 8 characters")
  // bcrypt reads only the first 72 bytes; refuse longer rather than silently truncate.
  .max(72, "Password must be at most 72 characters");

/** Form checkboxes arrive as "on"; JSON clients send true. */
const checkbox = z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean());

export const registerSchema = z.object({
  email: emailField,
  password: newPassword,
  firstName: z
    .string({ required_error: "First name is required" })
    .trim()
    .min(1, "First name is required")
    .max(50, "First name must be 50 characters or less"),
  lastName: z.string().trim().max(50, "Last name must be 50 characters or less").optional().default(""),
  homeZipCode: zipCodeField,
  riderType: z.enum(RIDER_TYPES).optional().default("Competitor"),
  privacyMode: z.enum(PRIVACY_MODES).optional().default("INVITE_ONLY"),
  agreeToTerms: checkbox.refine((v) => v === true, {
    message: "You must agree to the terms to create an account",
  }),
  inviteCode: z.string().trim().max(64).optional(),
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const loginSchema = z.object({
  email: emailField,
  password: z.string({ required_error: "Password is required" }).min(1, "Password is required"),
});

export const emailOnlySchema = z.object({ email: emailField });

export const resetPasswordSchema = z
  .object({
    password: newPassword,
    confirmPassword: z
      .string({ required_error: "Password must be at least 8 characters" })
      .min(PASSWORD_MIN, "Password must be at least 8 characters"),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords don't match",
    path: ["confirmPassword"],
  });

/** The API receives only the password (SPEC.md section 5). */
export const resetPasswordApiSchema = z.object({ password: newPassword });
