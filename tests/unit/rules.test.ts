import { describe, expect, it } from "vitest";
import { greetingFor, GREETINGS } from "~/features/discover/greeting";
import { badgeLabel } from "~/schemas/constants";
import { registerSchema, resetPasswordSchema } from "~/schemas/auth";
import { profileUpdateSchema } from "~/schemas/profile";

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => i.message);

describe("badgeLabel", () => {
  it.each([
    [0, null],
    [1, "1"],
    [9, "9"],
    [10, "9+"],
    [250, "9+"],
  ])("shows %i as %s", (count, label) => expect(badgeLabel(count)).toBe(label));
});

describe("greetingFor", () => {
  it("picks one of five greetings by the id's last digit", () => {
    expect(greetingFor("aaaa-0", "Sam")).toBe(`${GREETINGS[0]}, Sam!`);
    expect(greetingFor("aaaa-7", "Sam")).toBe(`${GREETINGS[2]}, Sam!`);
    expect(greetingFor("aaaa-f", "Sam")).toBe(`${GREETINGS[0]}, Sam!`);
    // A new account is welcomed, never welcomed back.
    expect(greetingFor("aaaa-0", "Sam", true)).toBe("Welcome, Sam!");
    expect(greetingFor("aaaa-7", "Sam", true)).toBe(`${GREETINGS[2]}, Sam!`);
  });
});

describe("registerSchema", () => {
  const valid = {
    email: "Rider@Example.com ",
    password: "12345678",
    firstName: "Sam",
    homeZipCode: "76101",
    agreeToTerms: true,
  };

  it("normalises the email and fills the defaults", () => {
    const parsed = registerSchema.parse(valid);
    expect(parsed).toMatchObject({ email: "rider@example.com", privacyMode: "INVITE_ONLY", riderType: "Competitor", lastName: "" });
  });

  it("accepts a form checkbox's 'on'", () => {
    expect(registerSchema.safeParse({ ...valid, agreeToTerms: "on" }).success).toBe(true);
  });

  it.each([
    [{ homeZipCode: "7610" }, "ZIP code must be 5 digits"],
    [{ homeZipCode: "761011" }, "ZIP code must be 5 digits"],
    [{ homeZipCode: "7610a" }, "ZIP code must contain only numbers"],
    [{ password: "1234567" }, "Password must be at least 8 characters"],
    [{ agreeToTerms: undefined }, "You must agree to the terms to create an account"],
    [{ firstName: "" }, "First name is required"],
    [{ email: "rider@" }, "Please enter a valid email address"],
  ])("refuses %o", (override, message) => {
    expect(messages(registerSchema.safeParse({ ...valid, ...override }))).toContain(message);
  });
});

describe("resetPasswordSchema", () => {
  it("puts 'Passwords don't match' on confirmPassword", () => {
    const result = resetPasswordSchema.safeParse({ password: "12345678", confirmPassword: "12345679" });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({ message: "Passwords don't match", path: ["confirmPassword"] });
  });
});

describe("profileUpdateSchema", () => {
  it("takes any subset, '' to clear, and refuses a long bio", () => {
    expect(profileUpdateSchema.parse({ division: "" })).toEqual({ division: "" });
    expect(messages(profileUpdateSchema.safeParse({ bio: "x".repeat(151) }))).toContain("Bio must be 150 characters or less");
    expect(profileUpdateSchema.safeParse({ division: "Legends" }).success).toBe(false);
  });
});
