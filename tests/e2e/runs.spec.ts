import { expect, test, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { E2E_DATABASE, expectAccessible, screenshot, signIn } from "./helpers";



async function openRunForm(page: Page) {
  const details = page.locator("details#log-run");
  if ((await details.getAttribute("open")) === null) await details.locator("summary").click();
  return page.locator("form#add-run");
}

/** A tiny file whose content is an MP4 (the server sniffs content, not names). */
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom"), Buffer.from([0, 0, 2, 0]), Buffer.from("isomiso2"), Buffer.alloc(4096)]);

async function logRun(page: Page, run: { arena: string; horse: string; time: string; stars: number; tag?: string; video?: boolean }) {
  const before = await runCount(page);
  const form = await openRunForm(page);
  await form.getByLabel("Arena name").fill(run.arena);
  await form.getByLabel("Or a new horse").fill(run.horse);
  await form.getByLabel("Time (seconds)").fill(run.time);
  await form.locator("label", { hasText: `${run.stars}★` }).click();
  if (run.tag) await form.locator("label", { hasText: run.tag }).click();
  if (run.video) await form.getByLabel("Upload a video").setInputFiles({ name: "run.mp4", mimeType: "video/mp4", buffer: MP4 });
  await form.getByRole("button", { name: "Save Run" }).click();
  await expect(page.getByText(`${before + 1} ${before === 0 ? "run" : "runs"}, newest first`)).toBeVisible();
  await expect(page.getByTestId("run-card").first()).toContainText(run.arena);
  await expect(page.getByTestId("toast")).toContainText("Run Logged");
}

/** How many runs the list says it holds (it shows them a page at a time). */
async function runCount(page: Page) {
  const line = page.getByText(/^\d+ runs?, newest first$/);
  return (await line.count()) ? Number((await line.textContent())!.split(" ")[0]) : 0;
}

test("a rider logs three runs for a horse, sees its trend and personal best, and shares one", async ({ page, browser }, info) => {
  const js = info.project.use.javaScriptEnabled !== false;
  // Each project logs its own horse on the shared demo database.
  const horse = js ? "Comet" : "Blaze";
  await signIn(page, "brynn");
  await page.goto("/run-log");
  await screenshot(page, `run-log-demo-${info.project.name}`);

  const form = await openRunForm(page);
  await form.getByLabel("Arena name").fill("");
  await form.getByLabel("Time (seconds)").fill("fast");
  await form.getByRole("button", { name: "Save Run" }).click();
  await expect(page.getByText("Arena name is required")).toBeVisible();
  await expect(page.getByText("Time must be in seconds, like 15.482")).toBeVisible();
  await screenshot(page, `run-log-errors-${info.project.name}`);

  await logRun(page, { arena: "Island Grove Arena", horse, time: "16.204", stars: 3, tag: "Hit barrel" });
  await logRun(page, { arena: "Island Grove Arena", horse, time: "15.61s", stars: 5, tag: "Clean run", video: true });
  await logRun(page, { arena: "Weld County Fairgrounds", horse, time: "0:15.880", stars: 4, tag: "Clean run" });

  await page.getByRole("navigation", { name: "Trends for" }).getByRole("link", { name: horse }).click();
  await expect(page.getByRole("heading", { name: new RegExp(`^${horse}`) })).toBeVisible();
  await expect(page.getByTestId("personal-best")).toContainText("15.61s");
  await expect(page.getByTestId("personal-best")).toContainText("Island Grove Arena");
  await expect(page.getByTestId("average-last-5")).toContainText("15.90s");
  await expect(page.getByTestId("clean-rate")).toContainText("67%");
  await expect(page.getByTestId("run-card")).toHaveCount(3);
  if (js) await expect(page.getByRole("img", { name: `Times of ${horse} over time` })).toBeVisible();
  await screenshot(page, `run-log-trend-${info.project.name}`);
  await expectAccessible(page);

  // Newest first: the 15.880 run is on top. Make the one with the video public.
  const videoRun = page.getByTestId("run-card").filter({ hasText: "15.61s" });
  await expect(videoRun.getByRole("link", { name: "Watch video" })).toHaveAttribute("href", /^\/uploads\/[\w-]{22}\.mp4$/);
  await videoRun.getByRole("button", { name: "Private: make public" }).click();
  await expect(page.getByTestId("toast")).toContainText("Privacy Updated");
  await expect(videoRun.getByRole("button", { name: "Public: make private" })).toBeVisible();
  // The toggle answers with the list as it was: the horse's runs, not all of them.
  await expect(page).toHaveURL(/[?&]horseId=/);
  await expect(page.getByTestId("run-card")).toHaveCount(3);
  await videoRun.getByText("Share", { exact: true }).click();
  await screenshot(page, `run-log-share-menu-${info.project.name}`);
  const shareHref = await videoRun.getByRole("menuitem", { name: "View Shared Link" }).getAttribute("href");
  expect(shareHref).toMatch(/^\/share\/run-log\//);

  // Signed out, the share page shows the run.
  const visitor = await browser.newContext({ javaScriptEnabled: js, viewport: { width: 390, height: 844 } });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(new URL(shareHref!, page.url()).href);
  await expect(visitorPage.getByRole("heading", { name: "Island Grove Arena" })).toBeVisible();
  await expect(visitorPage.getByText("Shared by")).toBeVisible();
  await expect(visitorPage.getByText("15.61s")).toBeVisible();
  await expect(visitorPage.getByRole("link", { name: "Watch Video" })).toBeVisible();
  await screenshot(visitorPage, `run-share-${info.project.name}`);
  await visitor.close();

  // Delete asks first.
  const slow = page.getByTestId("run-card").filter({ hasText: "16.204s" });
  await slow.locator("summary", { hasText: "Delete" }).click();
  const question = slow.getByRole("group", { name: /Delete this run\?/ });
  await expect(question).toBeVisible();
  await slow.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `test-results/screenshots/run-log-delete-${info.project.name}.png` });
  await question.getByRole("button", { name: "Delete Run" }).click();
  await expect(page.getByTestId("toast")).toContainText("Run Deleted");
  await expect(page.getByTestId("run-card")).toHaveCount(2);
});

test("the trends by conditions read whole on a phone", async ({ page }) => {
  await signIn(page, "kaylee");
  await page.goto("/run-log");
  await page.getByText("By conditions").click();
  const ground = page.getByTestId("conditions-ground").getByRole("rowheader");
  await expect(ground.first()).toBeVisible();
  // Each condition's name and its runs fit their cell: nothing is cut to "G…".
  for (const cell of await ground.all()) expect(await cell.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
});

test("filters narrow the list by horse and tag", async ({ page }) => {
  await signIn(page, "cody");
  await page.goto("/run-log");
  await page.getByText("Filters", { exact: true }).click();
  await page.getByLabel("Tag").selectOption("hit-barrel");
  await page.getByRole("button", { name: "Apply Filters" }).click();
  await expect(page).toHaveURL(/tag=hit-barrel/);
  const cards = page.getByTestId("run-card");
  // Retrying assertions: the list may still be swapping in when the URL changes.
  await expect(cards.first()).toBeVisible();
  await expect(cards.filter({ hasNotText: "Hit barrel" })).toHaveCount(0);
  await screenshot(page, `run-log-filtered-${test.info().project.name}`);
});

test("a parent adds a rider with Enter and removes it in Settings", async ({ page }, info) => {
  const name = info.project.name === "js" ? "Junior" : "Sis";
  await signIn(page, "tara");
  await page.goto("/settings");
  const section = page.getByRole("region", { name: "Riders" });
  await section.getByLabel("Rider name").fill(`  ${name}  `);
  await section.getByLabel("Rider name").press("Enter");
  await expect(page.getByTestId("toast")).toContainText("Rider added!");
  await expect(section.getByRole("list", { name: "Your riders" })).toContainText(name);
  await expect(section.getByLabel("Rider name")).toHaveValue("");
  await screenshot(page, `settings-riders-${info.project.name}`);
  // Removing asks first, saying what becomes of the rider's runs.
  const row = section.getByRole("listitem").filter({ hasText: name });
  await row.locator("summary", { hasText: "Remove" }).click();
  await expect(row.getByRole("group", { name: `Remove ${name}? No runs are logged for ${name}.` })).toBeVisible();
  await screenshot(page, `settings-rider-remove-${info.project.name}`);
  await row.getByRole("button", { name: "Yes, remove" }).click();
  await expect(page.getByTestId("toast")).toContainText("Rider removed");
  await expect(section.getByRole("list", { name: "Your riders" })).not.toContainText(name);
});

test("a public profile lists public runs, sortable by Fastest", async ({ page }) => {
  // Cody is PUBLIC with public runs in the demo.
  const { id } = new Database(E2E_DATABASE, { readonly: true }).prepare("select id from users where email = ?").get("cody@demo.cloverleaf.app") as { id: string };
  await signIn(page, "jessie");
  await page.goto(`/profile/${id}`);
  await expect(page.getByRole("heading", { name: /^Public Runs \(\d+\)$/ })).toBeVisible();
  // The rider's two people counts share one line on a phone, and the follow button has its own.
  const followers = await page.getByRole("link", { name: /^\d+ Followers$/ }).boundingBox();
  const following = await page.getByRole("link", { name: /^\d+ Following$/ }).boundingBox();
  const button = await page.getByRole("button", { name: /^(Follow|Following: unfollow)$/ }).boundingBox();
  expect(followers && following && button).toBeTruthy();
  expect(following!.y).toBe(followers!.y);
  expect(button!.y).toBeGreaterThanOrEqual(following!.y + following!.height);
  await expectAccessible(page);
  // Each run names its day on a line of its own, whole, however long its arena's name.
  for (const card of await page.getByTestId("public-run").all()) {
    const day = card.getByText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    await expect(day).toBeVisible();
    expect(await day.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  }
  await page.getByRole("link", { name: "Fastest" }).click();
  await expect(page).toHaveURL(/sort=fastest/);
  // The address changes before the new list is drawn (the router renders it in a transition): wait for the list.
  const times = page.getByTestId("public-run").locator("p.tabular-nums");
  const order = async () => (await times.allInnerTexts()).map((t) => (t === "—" ? 999 : Number.parseFloat(t)));
  await expect.poll(async () => {
    const numbers = await order();
    return numbers.length > 1 && numbers.every((n, i) => i === 0 || numbers[i - 1]! <= n);
  }).toBe(true);
  await screenshot(page, `profile-public-runs-${test.info().project.name}`);
});

test("Log a Run and + Add Run open the form, and a rider edits a run, with and without JavaScript", async ({ page }, info) => {
  const js = info.project.use.javaScriptEnabled !== false;
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await signIn(page, "cody");

  // Discover's "Log a Run" and the header's "+ Add Run" both show the form.
  await page.getByRole("link", { name: "Log a Run" }).click();
  await expect(page).toHaveURL(/\/run-log\?new/);
  await expect(page.locator("form#add-run").getByLabel("Arena name")).toBeVisible();
  await page.goto("/run-log");
  await expect(page.locator("form#add-run").getByLabel("Arena name")).toBeHidden();
  await page.getByRole("link", { name: "+ Add Run" }).click();
  await expect(page.locator("form#add-run").getByLabel("Arena name")).toBeVisible();

  // Edit a run: a wrong time says what is wrong, the fixed run is saved in place.
  const arena = `Edit Arena ${info.project.name} ${Date.now()}`;
  expect((await page.request.post("/api/run-logs", { data: { arenaName: arena, horseName: "Pistol", time: "16.5" } })).status()).toBe(201);
  await page.goto("/run-log");
  const card = page.getByTestId("run-card").filter({ hasText: arena });
  await card.getByRole("link", { name: `Edit run at ${arena}` }).click();
  const form = page.locator("form#edit-run");
  await expect(page.getByRole("heading", { name: "Edit run" })).toBeVisible();
  await expect(form.getByLabel("Arena name")).toHaveValue(arena);
  await form.getByLabel("Time (seconds)").fill("999");
  await form.getByRole("button", { name: "Save Changes" }).click();
  await expect(form.getByText("Time must be under 600 seconds (10 minutes)")).toBeVisible();
  await screenshot(page, `run-log-edit-errors-${info.project.name}`);
  await form.getByLabel("Time (seconds)").fill("15.25");
  await form.getByLabel("Arena name").fill(`${arena} Fixed`);
  await form.getByLabel("Placement").selectOption("1D 3rd");
  await form.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByTestId("toast")).toContainText("Run Updated");
  const edited = page.getByTestId("run-card").filter({ hasText: `${arena} Fixed` });
  await expect(edited).toContainText("15.25s");
  await expect(edited).toContainText("1D 3rd");
  await expect(page.getByRole("heading", { name: "Edit run" })).toBeHidden();

  // At 390 px each date filter has the whole row, so the year shows.
  if (!(await page.locator("#filter-from").isVisible())) await page.getByText("Filters", { exact: true }).click();
  for (const id of ["#filter-from", "#filter-to"]) expect((await page.locator(id).boundingBox())!.width).toBeGreaterThan(250);
  await page.locator("#filter-from").scrollIntoViewIfNeeded();
  await screenshot(page, `run-log-filters-${info.project.name}`);
  if (js) expect(errors).toEqual([]);
});
