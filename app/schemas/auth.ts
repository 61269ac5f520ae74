import { z } from "zod";
import { AUTH_MESSAGES as M, EMAIL_MAX, NAME_MAX, PASSWORD_MAX } from "./auth-rules";
import { PASSWORD_MIN, PRIVACY_MODES, RIDER_TYPES } from "./constants";

export { INVALID_INVITE } from "./auth-rules";

/** The account messages (written once, in auth-rules.ts), used by forms, actions and the API. */
const emailField = z
  .string({ required_error: M.email })
  .trim()
  .toLowerCase()
  .email(M.email)
  .max(EMAIL_MAX, M.email);

export const zipCodeField = z
  .string({ required_error: M.zipLength })
  .trim()
  .length(5, M.zipLength)
  .regex(/^\d+$/, M.zipDigits);

/** A new password, wherever one is set: registration, reset, Settings, an administrator's reset. */
export const newPasswordField = z
  .string({ required_error: M.passwordMin })
  .min(PASSWORD_MIN, M.passwordMin)
  // bcrypt reads only the first 72 bytes; refuse longer rather than silently truncate.
  .max(PASSWORD_MAX, M.passwordMax);

/** Form checkboxes arrive as "on"; JSON clients send true. */
const checkbox = z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean());

export const registerSchema = z.object({
  email: emailField,
  password: newPasswordField,
  firstName: z
    .string({ required_error: M.firstName })
    .trim()
    .min(1, M.firstName)
    .max(NAME_MAX, M.firstNameMax),
  lastName: z.string().trim().max(NAME_MAX, M.lastNameMax).optional().default(""),
  homeZipCode: zipCodeField,
  riderType: z.enum(RIDER_TYPES).optional().default("Competitor"),
  privacyMode: z.enum(PRIVACY_MODES).optional().default("INVITE_ONLY"),
  agreeToTerms: checkbox.refine((v) => v === true, {
    message: M.agreeToTerms,
  }),
  inviteCode: z.string().trim().max(64).optional(),
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const loginSchema = z.object({
  email: emailField,
  password: z.string({ required_error: M.passwordRequired }).min(1, M.passwordRequired),
});

export const emailOnlySchema = z.object({ email: emailField });

export const resetPasswordSchema = z
  .object({
    password: newPasswordField,
    confirmPassword: z
      .string({ required_error: M.passwordMin })
      .min(PASSWORD_MIN, M.passwordMin),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: M.passwordsMatch,
    path: ["confirmPassword"],
  });

/** The API receives only the password (never a confirmation field). */
export const resetPasswordApiSchema = z.object({ password: newPasswordField });

const currentPasswordField = z.string({ required_error: "Enter your current password" }).min(1, "Enter your current password");

/** Settings › Change password: the current one proves it is the rider, not someone at an unlocked phone. */
export const changePasswordSchema = z
  .object({
    currentPassword: currentPasswordField,
    newPassword: newPasswordField,
    confirmPassword: z.string({ required_error: M.passwordsMatch }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: M.passwordsMatch, path: ["confirmPassword"] });

/** POST /api/auth/change-password: the same, without a confirmation field (as the other API password routes). */
export const changePasswordApiSchema = z.object({ currentPassword: currentPasswordField, newPassword: newPasswordField });
