import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./helpers";

/**
 * Links are plain anchors; with JavaScript one document listener makes a
 * click on a link to a page a client-side navigation
 * (app/lib/useLinkNavigation.ts). A marker on `window` survives a
 * client-side navigation and is gone after a whole page load.
 */
/** Signed in on Discover, once the page has hydrated (a card's share menu offers Copy Link only then). */
async function discoverHydrated(page: Page) {
  await signIn(page, "kaylee");
  await expect(page.locator("article").first().getByRole("menuitem", { name: "Copy Link", includeHidden: true })).toBeAttached();
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
}

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "JavaScript only");

  test("a link on a page opens the next page in place, and a file link still downloads", async ({ page }) => {
    await discoverHydrated(page);
    const card = page.locator("article").first();
    const name = (await card.getByRole("heading", { level: 3 }).textContent())!.trim();

    await card.getByRole("link", { name }).click();
    await expect(page).toHaveURL(/\/share\/event\//);
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);

    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);

    // A link with `download` (the calendar file) is the browser's: it downloads, the page stays.
    const menu = page.locator("article").first().locator("details", { hasText: "More" });
    await menu.locator("summary").click();
    const download = page.waitForEvent("download");
    await menu.getByRole("link", { name: "Download .ics" }).click();
    expect((await download).suggestedFilename()).toMatch(/\.ics$/);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  });

  test("saving from a card keeps the rider on the list and shows it saved", async ({ page }) => {
    await discoverHydrated(page);
    const card = page.locator("article").filter({ has: page.getByRole("button", { name: /^(Save|Saved)$/ }) }).first();
    const button = card.getByRole("button", { name: /^(Save|Saved)$/ });
    const before = await button.textContent();
    const after = before === "Saved" ? "Save" : "Saved";
    await button.click();
    await expect(card.getByRole("button", { name: after })).toBeVisible();
    await button.click();
    await expect(card.getByRole("button", { name: before! })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  });

  test("pointing at a tab of the main navigation fetches its page ahead; the tab then opens in place and shows as current", async ({ page }) => {
    await discoverHydrated(page);
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Discover" })).toHaveAttribute("aria-current", "page");
    const ahead = page.waitForRequest((request) => new URL(request.url()).pathname === "/run-log.data");
    await nav.getByRole("link", { name: "Run Log" }).hover();
    await ahead;
    await nav.getByRole("link", { name: "Run Log" }).click();
    await expect(page).toHaveURL(/\/run-log$/);
    await expect(nav.getByRole("link", { name: "Run Log" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Discover" })).not.toHaveAttribute("aria-current", "page");
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  });

  test("My Events' folders open in place, each with its own cards", async ({ page }) => {
    await discoverHydrated(page);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "My Events" }).click();
    const folders = page.getByRole("navigation", { name: "Folders" });
    await expect(folders.getByRole("link", { name: /Saved Events/ })).toHaveAttribute("aria-current", "page");
    const savedCards = await page.getByRole("region", { name: "Saved Events" }).locator("article").count();
    await folders.getByRole("link", { name: /Past Events/ }).click();
    await expect(page).toHaveURL(/folder=past/);
    await expect(folders.getByRole("link", { name: /Past Events/ })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("region", { name: "Past Events" })).toBeVisible();
    await folders.getByRole("link", { name: /Saved Events/ }).click();
    await expect(page.getByRole("region", { name: "Saved Events" }).locator("article")).toHaveCount(savedCards);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  });
});
