import { expect, test } from "@playwright/test";
import { screenshot, signIn } from "./helpers";

/**
 * A private link the rider must pass on (an invite, the calendar feed): with
 * JavaScript a Copy button puts it on the clipboard; without, there is no
 * button that would do nothing, and the link sits in a field to select.
 */
test.beforeEach(async ({ context }, info) => {
  if (info.project.use.javaScriptEnabled !== false) await context.grantPermissions(["clipboard-read", "clipboard-write"]);
});

test("Settings > Invite Friends: the link to select, and Copy only where it works", async ({ page }, info) => {
  const js = info.project.use.javaScriptEnabled !== false;
  await signIn(page, "kaylee");
  await page.goto("/settings");
  const section = page.locator("section", { has: page.getByRole("heading", { name: "Invite Friends" }) });
  await section.getByRole("button", { name: "New Link" }).click();
  await expect(page).toHaveURL(/\/settings/);
  const link = section.getByRole("textbox", { name: "Invite link" }).first();
  await expect(link).toHaveValue(/\/register\?invite=/);
  const url = await link.inputValue();
  const copy = section.getByRole("button", { name: "Copy", exact: true });
  if (!js) {
    await expect(copy).toHaveCount(0);
  } else {
    await copy.first().click();
    await expect(page.getByText("Link copied!")).toBeVisible();
    const shown = await section.getByRole("textbox", { name: "Invite link" }).evaluateAll((fields) => fields.map((f) => (f as HTMLInputElement).value));
    expect(shown).toContain(url);
    expect(shown).toContain(await page.evaluate(() => navigator.clipboard.readText()));
  }
  await section.scrollIntoViewIfNeeded();
  await screenshot(page, `copy-invite-${info.project.name}`);
});

test("My Events > Calendar feed: the new link is shown with Copy (with JavaScript) beside Subscribe", async ({ page }, info) => {
  const js = info.project.use.javaScriptEnabled !== false;
  await signIn(page, "kaylee");
  await page.goto("/events");
  const section = page.locator("section", { has: page.getByRole("heading", { name: "Calendar feed" }) });
  await section.getByRole("button", { name: /Create Link|New Link/ }).click();
  const field = page.getByLabel(/Your feed link/);
  await expect(field).toHaveValue(/\/calendar\//);
  const url = await field.inputValue();
  const copy = section.getByRole("button", { name: "Copy", exact: true });
  if (!js) {
    await expect(copy).toHaveCount(0);
  } else {
    await copy.click();
    await expect(page.getByText("Link copied!")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  }
  await field.scrollIntoViewIfNeeded();
  await screenshot(page, `copy-feed-${info.project.name}`);
});
