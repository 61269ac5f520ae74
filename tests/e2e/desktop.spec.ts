import { expect, test } from "@playwright/test";
import { screenshot } from "./helpers";

/**
 * From 1024 px wide the main navigation is a column at the left and the
 * page makes room for it; below that the phone's bottom bar stays.
 */
for (const width of [1024, 1366]) {
  test(`a rider's screens at ${width} px use the desktop layout`, async ({ page }, info) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/login");
    await page.getByLabel("Email").fill("kaylee@demo.cloverleaf.app");
    await page.getByLabel("Password").fill("demo-password-1");
    await page.getByRole("button", { name: "Log In" }).click();
    await expect(page).toHaveURL(/\/$/);
    for (const [path, name] of [
      ["/", "discover"],
      ["/events", "events"],
      ["/run-log", "run-log"],
      ["/notifications", "notifications"],
      ["/settings", "settings"],
    ] as const) {
      await page.goto(path);
      const nav = (await page.getByRole("navigation", { name: "Main" }).boundingBox())!;
      expect(nav).toMatchObject({ x: 0, y: 0, height: 900 });
      // Nothing of the page lies under the navigation.
      const main = (await page.locator("main").first().boundingBox())!;
      expect(main.x).toBeGreaterThanOrEqual(nav.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      if (width === 1366) await screenshot(page, `desktop-${name}-${info.project.name}`);
    }
  });
}
