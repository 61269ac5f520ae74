import { expect, test } from "@playwright/test";
import { expectAccessible, screenshot } from "./helpers";

const SIGNED_OUT = [
  ["landing", "/"],
  ["login", "/login"],
  ["register", "/register"],
  ["register-invalid-invite", "/register?invite=nope"],
  ["forgot-password", "/forgot-password"],
  ["reset-password-invalid", "/reset-password/not-a-token"],
  ["verify-email", "/verify-email/some-token"],
  ["privacy-policy", "/privacy-policy"],
  ["terms-of-service", "/terms-of-service"],
  ["share-event-missing", "/share/event/nope"],
  ["share-run-missing", "/share/run-log/nope"],
] as const;

/** Screens to look at, at 390 x 844 (in test-results/screenshots/), each checked by axe. */
for (const [name, path] of SIGNED_OUT) {
  test(`${name} is legible and has no accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator("main")).toBeVisible();
    await screenshot(page, name);
    await expectAccessible(page);
    // Nothing wider than the phone's screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}

test("form errors are announced and keep the 44 px touch targets", async ({ page }) => {
  await page.goto("/register");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("First name is required")).toBeVisible();
  await screenshot(page, "register-errors");
  await expectAccessible(page);
  const small = await page.$$eval("button, a.btn-primary, a.btn-secondary, input:not([type=hidden]), select", (els) =>
    els.filter((el) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height < 44 && !(el instanceof HTMLInputElement && ["checkbox", "radio"].includes(el.type));
    }).map((el) => el.outerHTML.slice(0, 80)),
  );
  expect(small).toEqual([]);
});
