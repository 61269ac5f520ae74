import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const MAIL_DIR = path.resolve(`${process.env.E2E_DATA_DIR}-mail`);
/** The e2e server's database, to look up ids of the demo data. */
export const E2E_DATABASE = path.resolve(`${process.env.E2E_DATA_DIR}/app.db`);

/** The demo data's accounts all share this password (scripts/seed-demo.ts). */
export const DEMO_PASSWORD = "demo-password-1";

/** Signs in as a demo account (`who`@demo.cloverleaf.app) through the login form and waits for Discover. */
export async function signIn(page: Page, who: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(`${who}@demo.cloverleaf.app`);
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** Runs `fn` on the e2e server's database (for ids of the demo data and setting up a case). */
export function withDb<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(E2E_DATABASE);
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

/**
 * With JavaScript, waits until React has taken over the page's main content.
 * A click or a key pressed on a part React has not hydrated yet is stopped
 * before the app sees it (the hub and the checks of the demo's shared event
 * grow heavy as the suite adds classes), so a test acts once the page is its
 * app's. Without JavaScript it returns at once.
 */
export async function whenHydrated(page: Page) {
  if (test.info().project.use.javaScriptEnabled === false) return;
  await expect
    .poll(() => page.evaluate(() => Object.keys(document.getElementById("main") ?? {}).some((key) => key.startsWith("__reactFiber$"))), { timeout: 20_000 })
    .toBe(true);
}

/** Waits for a mail to `to` whose text contains `textPart`, and answers its text. */
export async function mailTo(to: string, textPart: string | RegExp): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        for (const file of fs.readdirSync(MAIL_DIR).filter((name) => name.endsWith(".json"))) {
          const mail = JSON.parse(fs.readFileSync(path.join(MAIL_DIR, file), "utf8"));
          const text = String(mail.text);
          if (String(mail.to).includes(to) && (typeof textPart === "string" ? text.includes(textPart) : textPart.test(text))) {
            found = text;
            return true;
          }
        }
        return false;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

/** Waits for the mail to `to` and answers the first link containing `pathPart`. */
export async function linkFromMail(to: string, pathPart: string): Promise<string> {
  const pattern = new RegExp(`https?://\\S*${pathPart}\\S*`);
  return (await mailTo(to, pattern)).match(pattern)![0];
}

export const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;

/** Errors the page logs from now on (React reports a hydration mismatch as one). */
export function consoleErrors(page: Page) {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
}

/** WCAG 2.1 A and AA violations on the page (axe runs in the page, so only with JavaScript). */
export async function expectAccessible(page: Page) {
  if (test.info().project.use.javaScriptEnabled === false) return;
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** Discover folds its two searches ("Find events", "Find riders"); opens one unless it is open. */
export async function openSearch(page: Page, name: "Find events" | "Find riders") {
  const summary = page.locator("summary", { has: page.getByRole("heading", { name, exact: true }) });
  if (!(await summary.evaluate((s) => (s.parentElement as HTMLDetailsElement).open))) await summary.click();
}

/** The paths of the pages the service worker keeps on this phone (its `kept-pages-<account>` cache). */
export function keptPages(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.startsWith("kept-pages-")) continue;
      for (const request of await (await caches.open(name)).keys()) {
        const url = new URL(request.url);
        paths.push(`${url.pathname}${url.search}`);
      }
    }
    return paths;
  });
}

/** Whether the service worker keeps this page on the phone. */
export async function isKept(page: Page, path: string) {
  return (await keptPages(page)).includes(path);
}

export type DemoRace = { eventId: string; classId: string; name: string; riders: string[]; ids: string[] };

/**
 * A class of its own in the demo's Erath County Jackpot (produced by the demo
 * rider Jessie), drawn and published, with `size` walk-up entries in order:
 * class "<label> <tag>", riders "Rider <tag>A", "B", ..., back numbers from `firstBack`.
 */
export function newRaceClass(label: string, size: number, firstBack = 300): DemoRace {
  return withDb((db) => {
    const { id: eventId } = db.prepare("select id from events where name = ?").get("Erath County Jackpot") as { id: string };
    const classId = randomUUID();
    const tag = classId.slice(0, 4);
    const name = `${label} ${tag}`;
    db.prepare(
      `insert into race_classes (id, event_id, name, position, entry_fee_cents, added_money_cents, producer_share_percent, divisions, split_ms, max_horses_per_rider, payout, draw_min_gap, drag_every, results_version, drawn_at, draw_published_at, created_at)
       values (?, ?, ?, 9, 2000, 0, 0, 2, '[500]', 3, ?, 5, 5, 0, ?, ?, ?)`,
    ).run(classId, eventId, name, JSON.stringify({ divisionPercents: [60, 40], table: [{ maxEntries: 25, percents: [60, 40] }] }), Date.now(), Date.now(), Date.now());
    const riders = Array.from({ length: size }, (_, i) => `Rider ${tag}${String.fromCharCode(65 + i)}`);
    const ids = riders.map((rider, i) => {
      const id = randomUUID();
      db.prepare(
        `insert into race_entries (id, event_id, class_id, rider_name, horse_name, back_number, paid, status, late, draw_position, drags_before, created_at)
         values (?, ?, ?, ?, ?, ?, 0, 'ENTERED', 0, ?, 0, ?)`,
      ).run(id, eventId, classId, rider, `Horse ${i + 1}`, firstBack + i, i + 1, Date.now());
      return id;
    });
    return { eventId, classId, name, riders, ids };
  });
}
