import { expect, test, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { DEMO_PASSWORD, E2E_DATABASE, expectAccessible, isKept, keptPages, screenshot } from "./helpers";

/**
 * A horse's papers at 390 x 844: adding a Coggins (with and without
 * JavaScript), its expiry reminder in the notifications, the papers opening
 * offline at the gate and leaving the phone at sign-out, and the shared
 * horse record opened signed out.
 */

const RIDER = "brynn";
const js = () => test.info().project.use.javaScriptEnabled !== false;

/** A horse of the demo rider, made in the e2e server's database (the horse screens are their own tests'). */
function createHorse(name: string, shared = false) {
  const db = new Database(E2E_DATABASE);
  try {
    const user = db.prepare("SELECT id FROM users WHERE email = ?").get(`${RIDER}@demo.cloverleaf.app`) as { id: string };
    const id = randomUUID();
    db.prepare("INSERT INTO horses (id, user_id, name, shared, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)").run(id, user.id, name, shared ? 1 : 0, Date.now(), Date.now());
    return { id, userId: user.id };
  } finally {
    db.close();
  }
}

function run(sql: string, ...params: unknown[]) {
  const db = new Database(E2E_DATABASE);
  try {
    db.prepare(sql).run(...params);
  } finally {
    db.close();
  }
}

async function signIn(page: Page) {
  await page.goto("/login");
  if (js()) await page.evaluate(() => navigator.serviceWorker.ready);
  await page.getByLabel("Email").fill(`${RIDER}@demo.cloverleaf.app`);
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** A YYYY-MM-DD day `days` from today (UTC). */
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A photographed paper: a PNG with some lines on it. */
const cogginsPng = () =>
  sharp({ create: { width: 600, height: 400, channels: 3, background: "#fefce8" } })
    .composite([{ input: Buffer.from('<svg width="600" height="400"><rect x="40" y="40" width="520" height="40" fill="#1f2937"/><rect x="40" y="120" width="400" height="16" fill="#6b7280"/><rect x="40" y="160" width="460" height="16" fill="#6b7280"/></svg>'), top: 0, left: 0 }])
    .png()
    .toBuffer();

async function addPaper(page: Page, fields: { kind: string; issuedOn?: string; expiresOn?: string; file: Buffer; name: string; mimeType: string }) {
  const form = page.getByRole("form", { name: "Add a paper" });
  if (!(await form.isVisible())) await page.getByText("Add a Paper", { exact: true }).click();
  await form.getByLabel("Kind of paper").selectOption({ label: fields.kind });
  if (fields.issuedOn) await form.getByLabel("Date issued").fill(fields.issuedOn);
  if (fields.expiresOn) await form.getByLabel("Expires").fill(fields.expiresOn);
  await form.getByLabel("Photo, scan or PDF").setInputFiles({ name: fields.name, mimeType: fields.mimeType, buffer: fields.file });
  await form.getByRole("button", { name: "Add Paper" }).click();
}

test("a rider adds a Coggins on the horse's screen, and a refused one says why", async ({ page }) => {
  const horse = createHorse(`Paper Pony ${Math.random().toString(36).slice(2, 6)}`);
  await signIn(page);
  await page.goto(`/horses/${horse.id}`);
  await expect(page.getByRole("heading", { name: "Papers", exact: true })).toBeVisible();
  await expect(page.getByText("No papers yet.")).toBeVisible();

  // An expiry before the date issued: refused, the form kept open with the message under the field.
  // Read once: the test may run across midnight, and what was typed is what comes back.
  const expiredOn = dayFromNow(-20);
  await addPaper(page, { kind: "Coggins (EIA test)", issuedOn: dayFromNow(-10), expiresOn: expiredOn, file: await cogginsPng(), name: "coggins.png", mimeType: "image/png" });
  await expect(page.getByText("The expiry date must be after the date issued")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add Paper" })).toBeEnabled();
  // What was typed stays (a file cannot be kept by a page sent again).
  await expect(page.getByRole("form", { name: "Add a paper" }).getByLabel("Expires")).toHaveValue(expiredOn);
  // With JavaScript the horse's screen stays; without, its papers page shows the form again.
  await expect(page).toHaveURL(new RegExp(`/horses/${horse.id}${js() ? "" : "/papers"}$`));
  await screenshot(page, `papers-refused-${js() ? "js" : "nojs"}`);

  await addPaper(page, { kind: "Coggins (EIA test)", issuedOn: dayFromNow(-30), expiresOn: dayFromNow(335), file: await cogginsPng(), name: "coggins.png", mimeType: "image/png" });
  await expect(page.getByText("Paper Added")).toBeVisible();
  if (!js()) await page.goto(`/horses/${horse.id}`);
  await expect(page).toHaveURL(new RegExp(`/horses/${horse.id}$`));
  // The refusal before is gone with it, and the form is ready for the next paper.
  await expect(page.getByText("The expiry date must be after the date issued")).toHaveCount(0);
  const paper = page.getByTestId("paper");
  await expect(paper).toHaveCount(1);
  await expect(paper).toContainText("Coggins (EIA test)");
  await expect(paper).toContainText("Current");
  await page.getByTestId("papers").scrollIntoViewIfNeeded();
  await screenshot(page, `papers-added-${js() ? "js" : "nojs"}`);
  await expectAccessible(page);

  await paper.getByRole("link").click();
  await expect(page.getByRole("heading", { name: "Coggins (EIA test)" })).toBeVisible();
  const image = page.getByTestId("paper-image");
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(600);
  await screenshot(page, `paper-page-${js() ? "js" : "nojs"}`);
  await expectAccessible(page);

  // Deleting asks first, then the list is empty again.
  await page.getByText("Delete Paper", { exact: true }).first().click();
  await page.getByRole("button", { name: "Delete Paper" }).click();
  await expect(page).toHaveURL(new RegExp(`/horses/${horse.id}/papers$`));
  await expect(page.getByText("Paper Deleted")).toBeVisible();
  await expect(page.getByTestId("paper")).toHaveCount(0);
});

test("a paper expiring within 7 days shows its reminder in the notifications", async ({ page }) => {
  test.skip(!js(), "the reminder is the server's; one project proves it");
  const name = `Gate Pony ${Math.random().toString(36).slice(2, 6)}`;
  const horse = createHorse(name);
  await signIn(page);
  await page.goto(`/horses/${horse.id}/papers`);
  await addPaper(page, { kind: "Health certificate", expiresOn: dayFromNow(5), file: await cogginsPng(), name: "health.png", mimeType: "image/png" });
  await expect(page.getByTestId("paper")).toContainText(/Expires in [456] days/);
  // Due now: the server's job runner (polling every 2 s) sends it.
  await expect
    .poll(
      async () => {
        await page.goto("/notifications");
        return page.getByText(new RegExp(`${name}'s Health certificate expires in [456] days`)).count();
      },
      { timeout: 20_000 },
    )
    .toBe(1);
  await screenshot(page, "papers-reminder");
});

test("the papers open offline at the gate, and leave the phone at sign-out", async ({ page, context }) => {
  test.skip(!js(), "the service worker needs JavaScript");
  const horse = createHorse(`Offline Pony ${Math.random().toString(36).slice(2, 6)}`);
  await signIn(page);
  await page.goto(`/horses/${horse.id}`);
  await addPaper(page, { kind: "Coggins (EIA test)", issuedOn: dayFromNow(-30), expiresOn: dayFromNow(300), file: await cogginsPng(), name: "coggins.png", mimeType: "image/png" });
  await expect(page.getByTestId("paper")).toHaveCount(1);
  const pdf = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");
  await addPaper(page, { kind: "Health certificate", expiresOn: dayFromNow(25), file: pdf, name: "health.pdf", mimeType: "application/pdf" });
  await expect(page.getByTestId("paper")).toHaveCount(2);
  const paperPage = await page.getByTestId("paper").filter({ hasText: "Coggins" }).getByRole("link").getAttribute("href");
  const db = new Database(E2E_DATABASE, { readonly: true });
  const docs = db.prepare("SELECT id, kind FROM horse_documents WHERE horse_id = ?").all(horse.id) as { id: string; kind: string }[];
  db.close();
  const fileOf = (kind: string) => `/api/horses/${horse.id}/documents/${docs.find((d) => d.kind === kind)!.id}/file`;
  const fileUrl = fileOf("coggins");
  const pdfUrl = fileOf("health_certificate");

  // The phone keeps the papers page, the paper's page and its file (without the rider opening the paper).
  // The rider's papers: one cache of the account's (public/sw.js, `kept-papers-<account>`).
  const kept = (path: string) =>
    page.evaluate(async (p) => {
      for (const name of await caches.keys()) if (name.startsWith("kept-papers-") && (await (await caches.open(name)).match(p, { ignoreVary: true }))) return true;
      return false;
    }, path);
  await expect.poll(() => kept(fileUrl), { timeout: 15_000 }).toBe(true);
  await expect.poll(() => kept(pdfUrl), { timeout: 15_000 }).toBe(true);
  await expect.poll(() => isKept(page, paperPage!), { timeout: 15_000 }).toBe(true);
  await expect.poll(() => isKept(page, `/horses/${horse.id}/papers`), { timeout: 15_000 }).toBe(true);

  // No signal: the papers page and the Coggins open, under the offline banner.
  await context.setOffline(true);
  await page.goto(`/horses/${horse.id}/papers`);
  await expect(page.getByText("You're offline: showing the last saved copy.")).toBeVisible();
  await page.getByTestId("paper").filter({ hasText: "Coggins" }).getByRole("link").click();
  await expect(page.getByRole("heading", { name: "Coggins (EIA test)" })).toBeVisible();
  await expect(page.getByText("You're offline: showing the last saved copy.")).toBeVisible();
  const image = page.getByTestId("paper-image");
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(600);
  await screenshot(page, "papers-offline");
  // The PDF too: the phone answers it (Chromium here downloads PDFs rather than showing them, so it is fetched).
  const offlinePdf = await page.evaluate(async (url) => {
    const res = await fetch(url);
    return { status: res.status, type: res.headers.get("content-type"), start: (await res.text()).slice(0, 8) };
  }, pdfUrl);
  expect(offlinePdf).toEqual({ status: 200, type: "application/pdf", start: "%PDF-1.4" });
  await context.setOffline(false);

  // Signing out deletes them from the phone.
  await page.goto("/settings");
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => page.evaluate(async () => (await caches.keys()).some((name) => name.startsWith("kept-papers-")))).toBe(false);
  expect(await isKept(page, paperPage!)).toBe(false);
  // Nothing of the horse is left in the pages kept (only what was opened since, signed out).
  expect((await keptPages(page)).filter((p) => p.includes("/horses/"))).toHaveLength(0);
  // And the server gives the file to nobody signed out.
  expect((await page.request.get(fileUrl)).status()).toBe(401);
});

test("the shared horse record opens signed out, with only public runs and no papers", async ({ page }) => {
  const name = `Shared Pony ${Math.random().toString(36).slice(2, 6)}`;
  const horse = createHorse(name, true);
  const insertRun = (arena: string, time: string, privacy: string, placement: string | null, daysAgo: number) =>
    run(
      "INSERT INTO run_logs (id, user_id, horse_id, horse_name, arena_name, arena_type, time, placement, tags, privacy, created_at, run_at) VALUES (?, ?, ?, ?, ?, 'outdoor', ?, ?, '[]', ?, ?, ?)",
      randomUUID(), horse.userId, horse.id, name, arena, time, placement, privacy, Date.now() - daysAgo * 86_400_000, Date.now() - daysAgo * 86_400_000,
    );
  insertRun("Island Grove Arena", "16.044", "PUBLIC", "2nd", 20);
  insertRun("Island Grove Arena", "15.877", "PUBLIC", null, 10);
  insertRun("Weld County Fairgrounds", "16.302", "PUBLIC", "1st", 3);
  insertRun("Back Pasture Practice", "15.101", "PRIVATE", null, 1);
  run("INSERT INTO horse_documents (id, horse_id, user_id, kind, file_key, file_name, content_type, size, expires_on, created_at) VALUES (?, ?, ?, 'coggins', 'AAAAAAAAAAAAAAAAAAAAAA.pdf', 'secret-coggins.pdf', 'application/pdf', 10, '2030-01-01', ?)", randomUUID(), horse.id, horse.userId, Date.now());

  // Signed out: this test's browser never signed in.
  await page.goto(`/share/horse/${horse.id}`);
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await expect(page.getByTestId("personal-best")).toContainText("15.877s");
  await expect(page.getByTestId("run-count")).toContainText("3");
  await expect(page.getByTestId("placings")).toContainText("2");
  await expect(page.getByTestId("shared-horse-run")).toHaveCount(3);
  await expect(page.locator("body")).not.toContainText("Back Pasture Practice");
  await expect(page.locator("body")).not.toContainText(/coggins/i);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", `${name}: barrel horse record`);
  await screenshot(page, `share-horse-${js() ? "js" : "nojs"}`);
  await expectAccessible(page);

  run("UPDATE horses SET shared = 0 WHERE id = ?", horse.id);
  await page.goto(`/share/horse/${horse.id}`);
  await expect(page.getByRole("heading", { name: "Horse Not Found" })).toBeVisible();
});
