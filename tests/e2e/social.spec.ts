import { expect, test, type Browser, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { E2E_DATABASE, openSearch, screenshot } from "./helpers";

/**
 * Two riders: one asks to follow the other (invite-only), the other sees
 * the badge change live and approves from Notifications, the first then
 * sees the runs.
 */
/** An invite-only demo rider and another rider who neither follows nor asked them yet. */
function pickPair(tag: string) {
  const db = new Database(E2E_DATABASE, { readonly: true });
  const pair = db
    .prepare(
      `select t.id tid, t.email temail, t.first_name tname, r.email remail, r.first_name rname
       from users t join users r on r.id != t.id
       where t.privacy_mode = 'INVITE_ONLY' and t.is_active = 1 and t.is_admin = 0
         and r.privacy_mode != 'SOLO' and r.is_active = 1 and r.is_admin = 0
         and not exists (select 1 from follows f where f.follower_id = r.id and f.following_id = t.id)
         and not exists (select 1 from follow_requests q where q.requester_id = r.id and q.target_id = t.id)
       order by t.email ${tag === "js" ? "asc" : "desc"}, r.email limit 1`,
    )
    .get() as { tid: string; temail: string; tname: string; remail: string; rname: string } | undefined;
  db.close();
  if (!pair) throw new Error(`no demo pair left (${tag})`);
  return { target: { id: pair.tid, email: pair.temail, name: pair.tname }, requester: { email: pair.remail, name: pair.rname } };
}

async function signIn(browser: Browser, email: string, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled, baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("demo-password-1");
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page).toHaveURL(/\/$/);
  return page;
}

test("a rider requests to follow; the other approves from Notifications; the runs appear", async ({ browser }, info) => {
  const js = info.project.use.javaScriptEnabled !== false;
  const { target, requester } = pickPair(info.project.name);
  const kaylee = await signIn(browser, target.email, js);
  await kaylee.goto("/notifications");
  const badge = kaylee.getByRole("navigation", { name: "Main" }).getByTestId("unread-badge");
  // The badge reads "9+" past nine; its label carries the count ("13 unread").
  const before = (await badge.count()) ? Number.parseInt((await badge.getAttribute("aria-label")) ?? "0", 10) : 0;

  const fan = await signIn(browser, requester.email, js);
  // Finds the other rider with Discover's riders search (first name only: invite-only).
  await openSearch(fan, "Find riders");
  await fan.getByLabel("Name").fill(target.name);
  await fan.getByRole("button", { name: "Search Riders" }).click();
  await fan.getByRole("list", { name: "Riders found" }).getByRole("link", { name: new RegExp(target.name) }).first().click();
  await expect(fan).toHaveURL(new RegExp(`/profile/${target.id}$`));
  await expect(fan.getByText(`${target.name} approves who sees their profile and runs.`)).toBeVisible();
  await fan.getByRole("button", { name: "Send Request" }).click();
  await expect(fan.getByRole("button", { name: /Pending/ })).toBeVisible();

  if (js) {
    // Live: no reload on Kaylee's side.
    await expect(badge).toHaveText(before + 1 > 9 ? "9+" : String(before + 1));
  } else {
    await kaylee.reload();
  }
  // Named in full when the requester is Public, by first name when Invite Only (as their profile would).
  const request = kaylee.getByRole("listitem").filter({ hasText: new RegExp(`${requester.name}( [A-Z][\\w'-]+)? wants to follow you`) });
  await expect(request).toBeVisible();
  await screenshot(kaylee, `notifications-request-${info.project.name}`);
  await request.getByRole("button", { name: "Approve" }).click();
  await expect(kaylee.getByTestId("toast")).toContainText("Follow request approved");

  // The requester is told.
  await fan.goto("/notifications");
  // The requester follows them now: the full name.
  await expect(fan.getByText(new RegExp(`^${target.name} [A-Z][\\w'-]+ approved your follow request\\.$`))).toBeVisible();
  await fan.goto(`/profile/${target.id}`);
  // Following an Invite Only rider: unfollowing asks first, as access would end.
  await expect(fan.locator("summary", { hasText: "Following" })).toBeVisible();
  await expect(fan.getByText(/Public Runs \(\d+\)/)).toBeVisible();
  await screenshot(fan, `profile-following-${info.project.name}`);
  await fan.locator("summary", { hasText: "Following" }).click();
  const question = fan.getByRole("group", { name: new RegExp(`^Unfollow ${target.name}\\?`) });
  await expect(question).toBeVisible();
  await screenshot(fan, `profile-unfollow-confirm-${info.project.name}`);
  await question.getByRole("button", { name: "Yes, unfollow" }).click();
  await expect(fan.getByRole("button", { name: "Send Request" })).toBeVisible();
});
