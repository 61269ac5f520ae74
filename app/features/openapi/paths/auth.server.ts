import { changePasswordApiSchema, emailOnlySchema, loginSchema, registerSchema, resetPasswordApiSchema } from "~/schemas/auth";
import { profileUpdateSchema } from "~/schemas/profile";
import { MessageBody, z, type Area } from "../registry.server";
import { anyObject, CurrentUser } from "../shapes.server";

/** Signing up and in, passwords, e-mail verification, the account itself. */
export const auth: Area = (api) => {
  api.post("/api/auth/login", {
    operationId: "signIn",
    summary: "Sign in",
    description:
      "Answers the user and sets the session cookie (`Set-Cookie: __session=...`); send it back with every later request. " +
      "A wrong email or password answers 401; an unverified account 403 with `showResendOption`.",
    access: "public",
    body: loginSchema,
    limited: true,
    responses: { 200: { description: "Signed in.", schema: CurrentUser, headers: { "Set-Cookie": "The session cookie." } } },
    errors: [401],
  });
  api.post("/api/auth/logout", {
    operationId: "signOut",
    summary: "Sign out",
    description: "Ends the session (everywhere it is used) and clears the cookie.",
    access: "public",
    responses: { 200: { description: "Signed out.", schema: MessageBody } },
  });
  api.post("/api/auth/register", {
    operationId: "register",
    summary: "Create an account",
    description: "Creates an unverified account and mails the verification link. It cannot sign in until verified.",
    access: "public",
    body: registerSchema,
    limited: true,
    responses: { 201: { description: "Created.", schema: CurrentUser } },
    errors: [409],
  });
  api.post("/api/auth/forgot-password", {
    operationId: "requestPasswordReset",
    summary: "Mail a password-reset link",
    description: "The same answer whether or not an account has that email.",
    access: "public",
    body: emailOnlySchema,
    limited: true,
    responses: { 200: { description: "A link is on its way if the account exists.", schema: MessageBody } },
  });
  api.get("/api/auth/validate-reset-token/{token}", {
    operationId: "checkPasswordResetToken",
    summary: "Check a password-reset link",
    access: "public",
    params: { token: "The token from the mailed link." },
    responses: { 200: { description: "Usable.", schema: z.object({ valid: z.literal(true) }) } },
    errors: [400],
  });
  api.post("/api/auth/reset-password/{token}", {
    operationId: "resetPassword",
    summary: "Set a new password with a reset link",
    description: "Single use; ends every session of the user.",
    access: "public",
    params: { token: "The token from the mailed link." },
    body: resetPasswordApiSchema,
    responses: { 200: { description: "Password changed.", schema: MessageBody } },
  });
  api.post("/api/auth/change-password", {
    operationId: "changePassword",
    summary: "Change the signed-in user's password",
    description:
      "Needs the current password (wrong ones are limited per account, 429 past the allowance); the current password is refused as the new one. Ends every other session and answers a fresh session cookie for this device.",
    access: "user",
    body: changePasswordApiSchema,
    limited: true,
    responses: { 200: { description: "Changed; other devices signed out.", schema: MessageBody } },
  });
  api.post("/api/auth/resend-verification", {
    operationId: "resendVerificationEmail",
    summary: "Mail the verification link again",
    access: "public",
    body: emailOnlySchema,
    limited: true,
    responses: { 200: { description: "Sent if the account exists and is unverified.", schema: MessageBody.extend({ success: z.boolean() }) } },
  });
  api.post("/api/auth/verify-email/{token}", {
    operationId: "verifyEmail",
    summary: "Verify an email address",
    access: "public",
    params: { token: "The token from the mailed link." },
    responses: { 200: { description: "Verified.", schema: MessageBody.extend({ verified: z.literal(true) }) } },
    errors: [400],
  });
  api.get("/api/auth/user", {
    operationId: "getCurrentUser",
    summary: "The signed-in user",
    access: "user",
    responses: { 200: { description: "The account.", schema: CurrentUser } },
  });
  api.patch("/api/auth/user/profile", {
    operationId: "updateProfile",
    summary: "Change the profile",
    description: "Changes only the fields sent.",
    access: "user",
    body: profileUpdateSchema,
    responses: { 200: { description: "The account as it is now.", schema: CurrentUser } },
  });
  api.get("/api/account/export", {
    operationId: "exportAccount",
    summary: "Download everything kept about the account",
    access: "user",
    responses: { 200: { description: "A JSON file (`Content-Disposition: attachment`).", schema: anyObject("The account, its runs, horses, events, alerts and more.") } },
  });
};
