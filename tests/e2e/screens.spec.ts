import { expect, test } from "@playwright/test";
import { screenshot } from "./helpers";

/** Screens to look at, at 390 x 844 (in test-results/screenshots/). */
test("screenshots of every signed-out screen", async ({ page }) => {
  for (const [name, path] of [
    ["landing", "/"],
    ["login", "/login"],
    ["register", "/register"],
    ["register-invalid-invite", "/register?invite=nope"],
    ["forgot-password", "/forgot-password"],
    ["reset-password-invalid", "/reset-password/not-a-token"],
    ["verify-email", "/verify-email/some-token"],
    ["privacy-policy", "/privacy-policy"],
    ["terms-of-service", "/terms-of-service"],
  ] as const) {
    await page.goto(path);
    await expect(page.locator("main")).toBeVisible();
    await screenshot(page, name);
  }
});
