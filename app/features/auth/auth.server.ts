import { claimMemberships } from "~/features/members/members.server";
import bcrypt from "bcryptjs";
import { and, eq, gt } from "drizzle-orm";
import { bannedEmails, emailVerificationTokens, passwordResetTokens, users, type User } from "#db/schema";
import { RESET_TOKEN_TTL_MS, UNKNOWN_ZIP, VERIFY_TOKEN_TTL_MS } from "~/schemas/constants";
import { lookupZip } from "~/lib/gazetteer.server";
import { INVALID_INVITE, type RegisterInput } from "~/schemas/auth";
import type { ProfileUpdate } from "~/schemas/profile";
import { config } from "~/lib/config.server";
import type { Db } from "~/lib/db.server";
import { HttpError } from "~/lib/http.server";
import { sendMail, sendMailInBackground } from "~/lib/mail.server";
import { destroyUserSessions } from "~/lib/session.server";
import { hashToken, newToken } from "~/lib/tokens.server";
import { consumeInvite } from "~/features/invites/invites.server";
import { resetEmail, verificationEmail } from "./emails.server";

/** Cost 10 is about 90 ms here; 12 would block the event loop for 0.4 s per sign-in. */
const BCRYPT_COST = 10;
/** Compared against when the email is unknown, so both failures take the same time. */
const DUMMY_HASH = bcrypt.hashSync("not-a-real-password", BCRYPT_COST);

const INVALID_CREDENTIALS = "Invalid email or password.";

export const hashPassword = (password: string) => bcrypt.hash(password, BCRYPT_COST);

function isEmailBanned(db: Db, email: string) {
  return Boolean(db.select().from(bannedEmails).where(eq(bannedEmails.email, email)).get());
}

/**
 * A home ZIP code must be a place the gazetteer knows: Discover, alerts and
 * distances all start from it, and an unknown one (00000) would show every
 * event in the country with no distance.
 */
function checkHomeZip(zip: string | undefined) {
  if (zip !== undefined && !lookupZip(zip)) throw new HttpError(400, UNKNOWN_ZIP, { errors: { homeZipCode: [UNKNOWN_ZIP] } });
}

export async function registerUser(db: Db, input: RegisterInput): Promise<User> {
  checkHomeZip(input.homeZipCode);
  if (isEmailBanned(db, input.email)) {
    throw new HttpError(403, "This email address cannot be used to create an account.");
  }
  const duplicate = new HttpError(409, "An account with this email already exists. Try logging in.");
  if (db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).get()) throw duplicate;

  const password = await hashPassword(input.password);
  let user: User;
  try {
    // One short immediate transaction: the invite use is counted only if the account is created.
    user = db.transaction(
      (tx) => {
        let referredBy: string | null = null;
        if (input.inviteCode) {
          referredBy = consumeInvite(tx as unknown as Db, input.inviteCode);
          if (!referredBy) throw new HttpError(400, INVALID_INVITE);
        }
        return tx
          .insert(users)
          .values({
            email: input.email,
            password,
            firstName: input.firstName,
            lastName: input.lastName,
            homeZipCode: input.homeZipCode,
            riderType: input.riderType,
            privacyMode: input.privacyMode,
            referredBy,
          })
          .returning()
          .get();
      },
      { behavior: "immediate" },
    );
  } catch (error) {
    if (error instanceof Error && /UNIQUE constraint failed: users\.email/.test(error.message)) throw duplicate;
    throw error;
  }
  // The office's imported membership for this email becomes the new account's.
  claimMemberships(db, user);
  await sendVerificationEmail(db, user);
  return user;
}

async function sendVerificationEmail(db: Db, user: Pick<User, "id" | "email" | "firstName">) {
  await sendMail(verificationMail(db, user));
}

function verificationMail(db: Db, user: Pick<User, "id" | "email" | "firstName">) {
  const { token, hash } = newToken();
  db.insert(emailVerificationTokens)
    .values({
      userId: user.id,
      email: user.email,
      token: hash,
      expiresAt: new Date(Date.now() + VERIFY_TOKEN_TTL_MS),
    })
    .run();
  const link = `${config().appOrigin}/verify-email/${token}`;
  return verificationEmail(user.email, user.firstName, link);
}

/**
 * Answers the same, in the same time, whether or not the account exists or is
 * already verified: the mail goes out in the background.
 */
export async function resendVerification(db: Db, email: string) {
  const user = db.select().from(users).where(eq(users.email, email)).get();
  if (user && !user.emailVerified && user.isActive) sendMailInBackground(verificationMail(db, user));
}

const INVALID_VERIFY_LINK = "This verification link is invalid or has expired.";

/**
 * Single use: the guarded update marks the token used only if it still was
 * unused. A link used before, of an account whose address is verified (the
 * rider tapping the mail's link a second time), says so instead of calling
 * the link invalid: `alreadyVerified`.
 */
export function verifyEmail(db: Db, token: string): { id: string; alreadyVerified: boolean } {
  return db.transaction((tx) => {
    const row = tx
      .update(emailVerificationTokens)
      .set({ used: true })
      .where(
        and(
          eq(emailVerificationTokens.token, hashToken(token)),
          eq(emailVerificationTokens.used, false),
          gt(emailVerificationTokens.expiresAt, new Date()),
        ),
      )
      .returning()
      .get();
    if (!row) {
      const used = tx
        .select({ userId: emailVerificationTokens.userId, email: emailVerificationTokens.email })
        .from(emailVerificationTokens)
        .where(and(eq(emailVerificationTokens.token, hashToken(token)), eq(emailVerificationTokens.used, true)))
        .get();
      const verified = used
        ? tx.select({ id: users.id }).from(users).where(and(eq(users.id, used.userId), eq(users.email, used.email), eq(users.emailVerified, true))).get()
        : undefined;
      if (verified) return { id: verified.id, alreadyVerified: true };
      throw new HttpError(400, INVALID_VERIFY_LINK);
    }
    const user = tx
      .update(users)
      .set({ emailVerified: true, emailVerifiedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(users.id, row.userId), eq(users.email, row.email)))
      .returning({ id: users.id })
      .get();
    if (!user) throw new HttpError(400, INVALID_VERIFY_LINK);
    return { id: user.id, alreadyVerified: false };
  });
}

export class LoginFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** Wrong email and wrong password fail alike, in the same time. */
export async function verifyLogin(db: Db, email: string, password: string): Promise<User> {
  const user = db.select().from(users).where(eq(users.email, email)).get();
  const matches = await bcrypt.compare(password, user?.password ?? DUMMY_HASH);
  if (!user || !matches) throw new LoginFailure(401, INVALID_CREDENTIALS);
  if (!user.isActive) throw new LoginFailure(403, "This account has been suspended.");
  if (!user.emailVerified) {
    throw new LoginFailure(403, "Please verify your email address before logging in.", {
      error: "Email not verified",
      showResendOption: true,
      email: user.email,
    });
  }
  db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id)).run();
  return user;
}

/** Answers the same, in the same time, whether or not the account exists: the mail goes out in the background. */
export async function requestPasswordReset(db: Db, email: string) {
  const user = db.select().from(users).where(eq(users.email, email)).get();
  if (!user || !user.isActive) return;
  const { token, hash } = newToken();
  db.insert(passwordResetTokens)
    .values({ userId: user.id, token: hash, expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS) })
    .run();
  const link = `${config().appOrigin}/reset-password/${token}`;
  sendMailInBackground(resetEmail(user.email, user.firstName, link));
}

const liveResetToken = (token: string) =>
  and(
    eq(passwordResetTokens.token, hashToken(token)),
    eq(passwordResetTokens.used, false),
    gt(passwordResetTokens.expiresAt, new Date()),
  );

export function isResetTokenValid(db: Db, token: string) {
  return Boolean(db.select({ id: passwordResetTokens.id }).from(passwordResetTokens).where(liveResetToken(token)).get());
}

export const INVALID_RESET_LINK = "This reset link is invalid or has expired. Please request a new one.";

/** Uses the token once, sets the password and ends every session of the user. */
export async function resetPassword(db: Db, token: string, password: string) {
  const hash = await hashPassword(password);
  const userId = db.transaction((tx) => {
    const row = tx
      .update(passwordResetTokens)
      .set({ used: true })
      .where(liveResetToken(token))
      .returning({ userId: passwordResetTokens.userId })
      .get();
    if (!row) throw new HttpError(400, INVALID_RESET_LINK);
    // Reading the reset mail proves the address, so the account counts as verified.
    tx.update(users)
      .set({ password: hash, emailVerified: true, updatedAt: new Date() })
      .where(eq(users.id, row.userId))
      .run();
    return row.userId;
  });
  destroyUserSessions(userId);
  return userId;
}

export function updateProfile(db: Db, userId: string, changes: ProfileUpdate): User {
  checkHomeZip(changes.homeZipCode);
  const set: Partial<User> = { updatedAt: new Date() };
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    // "" clears the optional fields (the form's "none").
    (set as Record<string, unknown>)[key] = value === "" && key !== "lastName" ? null : value;
  }
  return db.update(users).set(set).where(eq(users.id, userId)).returning().get();
}
