import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { checkEmailOnly, checkLogin, checkRegister, checkResetPassword, type FieldMessages } from "~/schemas/auth-rules";
import { emailOnlySchema, loginSchema, registerSchema, resetPasswordSchema } from "~/schemas/auth";

/**
 * The browser checks the signed-out forms with the zod-free rules of
 * auth-rules.ts; the server parses them with the zod schemas. For every
 * combination of awkward values below, both must give the same messages on
 * the same fields, so a rider never sees one message typed and another after
 * the round trip.
 */
const EMAILS = [undefined, "", "   ", "rider@example.com", " Rider@Example.COM ", "rider@", "@example.com", "a..b@example.com", ".a@example.com", "a@b.c", "o'neil+tag@ranch.co", `${"a".repeat(242)}@example.com`, `${"a".repeat(243)}@example.com`, "no spaces@example.com"];
const PASSWORDS = [undefined, "", "short", "exactly8", " spaced ", "p".repeat(72), "p".repeat(73)];
const NAMES = [undefined, "", "   ", "Casey", "  Casey  ", "n".repeat(50), "n".repeat(51), ` ${"n".repeat(50)} `];
const ZIPS = [undefined, "", "7610", "76101", " 76101 ", "761011", "7610a", "ab", "abcde", "     "];
const AGREE = [undefined, "", "on", "true", "off"];

function form(values: Record<string, string | undefined>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(values)) if (v !== undefined) fd.append(k, v);
  return fd;
}

/** The field messages the server's parse gives (conform's reply, as the action answers). */
function serverMessages(fd: FormData, schema: Parameters<typeof parseWithZod>[1]["schema"]): FieldMessages {
  const reply = parseWithZod(fd, { schema }).reply();
  const out: FieldMessages = {};
  for (const [name, messages] of Object.entries(reply.error ?? {})) if (messages?.length) out[name] = messages;
  return out;
}

function* combos<T extends Record<string, readonly (string | undefined)[]>>(fields: T): Generator<Record<keyof T, string | undefined>> {
  const names = Object.keys(fields) as (keyof T)[];
  const idx = names.map(() => 0);
  for (;;) {
    yield Object.fromEntries(names.map((n, i) => [n, fields[n]![idx[i]!]])) as Record<keyof T, string | undefined>;
    let i = 0;
    while (i < names.length && ++idx[i]! === fields[names[i]!]!.length) idx[i++] = 0;
    if (i === names.length) return;
  }
}

describe("signed-out form rules agree with the zod schemas", () => {
  it("login", () => {
    let n = 0;
    for (const values of combos({ email: EMAILS, password: PASSWORDS })) {
      expect(checkLogin(form(values)), JSON.stringify(values)).toEqual(serverMessages(form(values), loginSchema));
      n++;
    }
    expect(n).toBe(EMAILS.length * PASSWORDS.length);
  });

  it("forgot password", () => {
    for (const email of EMAILS) expect(checkEmailOnly(form({ email })), String(email)).toEqual(serverMessages(form({ email }), emailOnlySchema));
  });

  it("reset password", () => {
    const confirms = [...PASSWORDS, "different1"];
    for (const values of combos({ password: PASSWORDS, confirmPassword: confirms })) {
      expect(checkResetPassword(form(values)), JSON.stringify(values)).toEqual(serverMessages(form(values), resetPasswordSchema));
    }
  });

  it("register", () => {
    const fields = { email: EMAILS, password: PASSWORDS, firstName: NAMES, lastName: NAMES, homeZipCode: ZIPS, agreeToTerms: AGREE };
    // A seeded sample of whole forms (the full product is 350,000 forms).
    let seed = 7;
    const pick = <T,>(list: readonly T[]) => list[(seed = (seed * 1103515245 + 12345) % 2 ** 31) % list.length]!;
    for (let i = 0; i < 3000; i++) {
      const values = Object.fromEntries(Object.entries(fields).map(([name, list]) => [name, pick(list)]));
      const fd = form({ ...values, riderType: "Competitor", privacyMode: "PUBLIC" });
      expect(checkRegister(fd), JSON.stringify(values)).toEqual(serverMessages(fd, registerSchema));
    }
    // And every value of each field next to valid others.
    const valid = { email: "rider@example.com", password: "saddle-up-99", firstName: "Casey", lastName: "", homeZipCode: "76101", agreeToTerms: "on" };
    for (const [name, list] of Object.entries(fields)) {
      for (const v of list) {
        const fd = form({ ...valid, [name]: v, riderType: "Parent", privacyMode: "SOLO" });
        expect(checkRegister(fd), `${name}=${v}`).toEqual(serverMessages(fd, registerSchema));
      }
    }
  });

  it("gives the SPEC messages", () => {
    expect(checkRegister(form({}))).toEqual({
      email: ["Please enter a valid email address"],
      password: ["Password must be at least 8 characters"],
      firstName: ["First name is required"],
      homeZipCode: ["ZIP code must be 5 digits"],
      agreeToTerms: ["You must agree to the terms to create an account"],
    });
    expect(checkRegister(form({ homeZipCode: "ab" })).homeZipCode).toEqual(["ZIP code must be 5 digits", "ZIP code must contain only numbers"]);
    expect(checkLogin(form({ email: "rider@example.com" }))).toEqual({ password: ["Password is required"] });
    expect(checkResetPassword(form({ password: "saddle-up-1", confirmPassword: "saddle-up-2" }))).toEqual({ confirmPassword: ["Passwords don't match"] });
  });
});
