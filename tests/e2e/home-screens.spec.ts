import { expect, test, type Page } from "@playwright/test";
import { consoleErrors, openSearch } from "./helpers";

/**
 * "/" is two screens, each its own script loaded while the page hydrates
 * (app/routes/_index.tsx): the landing page for visitors, Discover for
 * riders. The server HTML is whole either way; with JavaScript the screen
 * becomes interactive without a mismatch, and navigations inside the app
 * show it without a blank frame. About hydration: the no-JavaScript project
 * leaves this file out (playwright.config.ts).
 */

const DEMO = { email: "kaylee@demo.cloverleaf.app", password: "demo-password-1" };

/** The scripts the page fetched from /build. */
function scripts(page: Page) {
  const urls: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") urls.push(new URL(r.url()).pathname);
  });
  return urls;
}

async function signIn(page: Page) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(DEMO.email);
  await page.getByLabel("Password").fill(DEMO.password);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page.getByRole("heading", { name: /Kaylee!/ })).toBeVisible();
}

test("a visitor's landing page loads the landing screen only, hydrates cleanly and navigates in the app", async ({ page }) => {
  const errors = consoleErrors(page);
  const loaded = scripts(page);
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Made for You" })).toBeVisible();
  await expect.poll(() => loaded.some((s) => s.includes("/Landing-"))).toBe(true);
  expect(loaded.some((s) => s.includes("/Discover-"))).toBe(false);
  // A client-side navigation (no new document) proves the page is hydrated. A click before then is
  // a whole page load, as it should be: before the app's router exists (app/lib/useLinkNavigation.ts),
  // and while the landing screen's own code is still on its way, React stops a click on its
  // not-yet-hydrated part from reaching the app's listener. So wait until React has taken over the
  // link itself (it then keeps its fiber on the element).
  const link = page.getByRole("link", { name: "Get Started" });
  await expect.poll(() => link.evaluate((a) => Object.keys(a).some((key) => key.startsWith("__reactFiber$")))).toBe(true);
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await link.click();
  await expect(page.getByRole("heading", { name: "Create Your Account" })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  expect(errors).toEqual([]);
});

test("Discover loads its own screen, hydrates cleanly, and comes back after signing out as the landing page", async ({ page }) => {
  await signIn(page);
  const errors = consoleErrors(page);
  const loaded = scripts(page);
  await page.reload();
  await expect(page.getByRole("heading", { name: /Kaylee!/ })).toBeVisible();
  await expect.poll(() => loaded.some((s) => s.includes("/Discover-"))).toBe(true);
  expect(loaded.some((s) => s.includes("/Landing-"))).toBe(false);

  // Hydrated: the Search button waits for a place or a date, which only runs in the browser.
  const search = page.getByRole("button", { name: "Search", exact: true });
  await openSearch(page, "Find events");
  await expect(search).toBeDisabled();
  await page.getByLabel("ZIP code or City, ST").fill("76101");
  await expect(search).toBeEnabled();

  // Away and back inside the app: Discover is there at once, with its data.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Run Log" }).click();
  await expect(page).toHaveURL(/\/run-log$/);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Discover" }).click();
  await expect(page.getByRole("heading", { name: /Upcoming events near/ })).toBeVisible();

  // Signing out lands on "/" as a visitor: the landing screen, fetched on the way.
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page.getByRole("heading", { name: "Made for You" })).toBeVisible();
  expect(errors).toEqual([]);
});
