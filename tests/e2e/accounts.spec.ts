import { expect, test } from "@playwright/test";
import bcrypt from "bcryptjs";
import Database from "better-sqlite3";
import { randomUUID } from "node:crypto";
import { E2E_DATABASE, linkFromMail, screenshot, uniqueEmail } from "./helpers";

/**
 * Runs in both projects: "js" (enhanced forms) and "no-js" (plain HTML
 * forms, server-side validation, redirects and flash toasts).
 */
test("register, verify from the mailed link, sign in, reach Discover, sign out", async ({ page }, info) => {
  const email = uniqueEmail(info.project.name);
  const password = "saddle-up-99";

  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Made for You" })).toBeVisible();
  await page.getByRole("link", { name: "Get Started" }).click();
  await expect(page.getByRole("heading", { name: "Create Your Account" })).toBeVisible();

  // Server-side messages next to the fields (client-side ones with JavaScript).
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("First name is required")).toBeVisible();
  await expect(page.getByText("You must agree to the terms to create an account")).toBeVisible();

  await page.getByLabel("First name").fill("Casey");
  await page.getByLabel("Last name").fill("Morgan");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByLabel("Home ZIP code").fill("76101");
  await page.getByText("Public", { exact: true }).click();
  await page.getByLabel(/I agree to the/).check();
  await page.getByRole("button", { name: "Create Account" }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId("toast")).toContainText("Check your email (including the spam folder)");

  // Signing in before verifying opens the Email Verification Required dialog.
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log In" }).click();
  const dialog = page.getByRole("dialog", { name: "Email Verification Required" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Resend Email" }).click();
  await expect(page.getByText("Verification email sent successfully!").first()).toBeVisible();
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  const link = await linkFromMail(email, "/verify-email/");
  await page.goto(link);
  await page.getByRole("button", { name: "Verify My Email" }).click();
  await expect(page.getByRole("heading", { name: "Email Verified" })).toBeVisible();
  // The same link tapped again says the address is verified already, not that the link is invalid.
  await page.goto(link);
  await page.getByRole("button", { name: "Verify My Email" }).click();
  await expect(page.getByRole("heading", { name: "Already Verified" })).toBeVisible();
  await expect(page.getByText("Your email address is already verified. You can log in.")).toBeVisible();
  await screenshot(page, `verify-again-${info.project.name}`);
  await page.getByRole("link", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: /Casey!/ })).toBeVisible();
  // A new account is welcomed, not welcomed back.
  await expect(page.getByTestId("toast")).toContainText("Welcome to Cloverleaf, Casey!");
  await expect(page.getByText("Welcome back")).toHaveCount(0);
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Discover" })).toHaveAttribute("aria-current", "page");
  await screenshot(page, `discover-${info.project.name}`);

  await nav.getByRole("link", { name: "Profile" }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(nav.getByRole("link", { name: "Profile" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText(email)).toBeVisible();

  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "Made for You" })).toBeVisible();
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/login$/);
});

test("forgot and reset password from the mailed link", async ({ page, request }, info) => {
  const email = uniqueEmail(`reset-${info.project.name}`);
  const created = await request.post("/api/auth/register", {
    data: { email, password: "first-password", firstName: "Jo", homeZipCode: "73301", privacyMode: "SOLO", agreeToTerms: true },
  });
  expect(created.status()).toBe(201);

  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();

  await page.goto(await linkFromMail(email, "/reset-password/"));
  await page.getByLabel("New password").fill("second-password");
  await page.getByLabel("Confirm password").fill("different-pass");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await page.getByLabel("New password").fill("second-password");
  await page.getByLabel("Confirm password").fill("second-password");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByRole("heading", { name: "Password Reset Complete" })).toBeVisible();
  await page.getByRole("link", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test("a rider changes their password in Settings; a wrong password keeps the delete panel open with its message", async ({ page }, info) => {
  const email = uniqueEmail(`pw-${info.project.name}`);
  const db = new Database(E2E_DATABASE);
  const now = Date.now();
  db.prepare(
    `insert into users (id, email, password, first_name, last_name, privacy_mode, rider_type, search_radius, notifications_enabled, is_admin, is_active, email_verified, created_at, updated_at)
     values (?, ?, ?, 'Penny', 'Wells', 'PUBLIC', 'Competitor', 50, 1, 0, 1, 1, ?, ?)`,
  ).run(randomUUID(), email, bcrypt.hashSync("first-password-1", 4), now, now);
  db.close();

  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("first-password-1");
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/settings");

  const account = page.getByRole("region", { name: "Your account" });
  await account.locator("summary", { hasText: "Change Password" }).click();
  await account.getByLabel("Current password").fill("not-my-password");
  await account.getByLabel("New password", { exact: true }).fill("second-password-2");
  await account.getByLabel("Confirm new password").fill("second-password-2");
  await account.getByRole("button", { name: "Change Password" }).click();
  await expect(account.getByLabel("Current password")).toHaveAccessibleDescription("Password is incorrect");
  await expect(account.getByLabel("Current password")).toBeInViewport();
  await screenshot(page, `settings-password-refused-${info.project.name}`);
  await account.getByLabel("Current password").fill("first-password-1");
  await account.getByLabel("New password", { exact: true }).fill("second-password-2");
  await account.getByLabel("Confirm new password").fill("second-password-2");
  await account.getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByTestId("toast")).toContainText("Password changed");

  await account.locator("summary", { hasText: "Delete My Account" }).click();
  const question = account.getByRole("group", { name: /This deletes your profile/ });
  await question.getByLabel("Your password").fill("first-password-1");
  await question.getByRole("button", { name: "Yes, delete my account" }).click();
  await expect(question.getByRole("alert")).toHaveText("Password is incorrect");
  await expect(question.getByLabel("Your password")).toBeInViewport();
  await screenshot(page, `settings-delete-refused-${info.project.name}`);
  await question.getByLabel("Your password").fill("second-password-2");
  await question.getByRole("button", { name: "Yes, delete my account" }).click();
  // Without JavaScript the browser keeps the form's #account on the redirect; the landing page has no such anchor.
  await expect(page).toHaveURL(/\/(#account)?$/);
  await expect(page.getByTestId("toast")).toContainText("Account deleted");
});
