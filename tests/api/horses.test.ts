import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { horses, runLogs } from "../../db/schema";
import { createHorse, createRider, createRun, createUser, PASSWORD, signedInRider, uploadImage } from "../helpers/factories";
import { startTestServer, type TestServer } from "../helpers/server";

let app: TestServer;
beforeAll(async () => {
  app = await startTestServer();
});
afterAll(() => app.close());

const signedIn = (overrides: Parameters<typeof createUser>[1] = {}) => signedInRider(app, overrides);

/** Signs in through the page form, the way a browser without JavaScript does. */
async function signedInForm(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = createUser(app.db, overrides);
  const client = app.client();
  await client.form("/login", { email: user.email, password: PASSWORD, intent: "login" });
  return { user, client };
}

const horseRow = (id: string) => app.db.select().from(horses).where(eq(horses.id, id)).get();
const runRow = (id: string) => app.db.select().from(runLogs).where(eq(runLogs.id, id)).get();
const year = new Date().getUTCFullYear();

describe("POST /api/horses and GET /api/horses", () => {
  it("adds a horse with every field (201) and lists it as a record and by name", async () => {
    const { user, client } = await signedIn();
    const rider = createRider(app.db, user.id, "Lily");
    const res = await client.json("/api/horses", "POST", {
      name: " Dash ",
      registeredName: "Dashing Fame Bug",
      yearFoaled: 2016,
      sex: "gelding",
      color: "Sorrel",
      notes: "Likes the first barrel",
      riderId: rider.id,
    });
    expect(res.status).toBe(201);
    const horse = await res.json();
    expect(horse).toMatchObject({ name: "Dash", registeredName: "Dashing Fame Bug", yearFoaled: 2016, sex: "gelding", color: "Sorrel", notes: "Likes the first barrel", riderId: rider.id, riderName: "Lily", retired: false, shared: false, runCount: 0, photoUrl: null });
    expect(horseRow(horse.id)?.userId).toBe(user.id);
    expect(await (await client.get("/api/horses")).json()).toEqual(["Dash"]);
    const records = await (await client.get("/api/horses?view=records")).json();
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ id: horse.id, name: "Dash" });
  });

  it("refuses a name the account already uses, ignoring case and spaces, with a clear message (409)", async () => {
    const { client } = await signedIn();
    expect((await client.json("/api/horses", "POST", { name: "Dash" })).status).toBe(201);
    const res = await client.json("/api/horses", "POST", { name: "  dASH " });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe("You already have a horse named Dash. Add a mark or a nickname to tell them apart.");
    // Another account may have its own Dash.
    const other = await signedIn();
    expect((await other.client.json("/api/horses", "POST", { name: "Dash" })).status).toBe(201);
  });

  it("answers clear messages for bad input (400), never a 500", async () => {
    const { user, client } = await signedIn();
    const strangersRider = createRider(app.db, createUser(app.db).id, "Not Yours");
    const cases: [Record<string, unknown>, string][] = [
      [{}, "Horse name is required"],
      [{ name: "   " }, "Horse name is required"],
      [{ name: "h".repeat(61) }, "Horse name must be 60 characters or less"],
      [{ name: "A", yearFoaled: year + 1 }, `Year foaled must be between ${year - 45} and ${year}`],
      [{ name: "A", yearFoaled: 1900 }, `Year foaled must be between ${year - 45} and ${year}`],
      [{ name: "A", yearFoaled: "old" }, "Year foaled must be a year, like 2016"],
      [{ name: "A", sex: "unicorn" }, "Choose mare, gelding, stallion, filly or colt"],
      [{ name: "A", color: "c".repeat(41) }, "Color must be 40 characters or less"],
      [{ name: "A", notes: "n".repeat(1001) }, "Notes must be 1000 characters or less"],
      [{ name: "A", riderId: strangersRider.id }, "Choose a rider from the list"],
      [{ name: "A", photoUrl: "https://example.com/horse.jpg" }, "Upload the photo first"],
      [{ name: "A", shared: "yes" }, "shared must be true or false"],
    ];
    for (const [body, message] of cases) {
      const res = await client.json("/api/horses", "POST", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).message, JSON.stringify(body)).toBe(message);
    }
    expect(app.db.select().from(horses).where(eq(horses.userId, user.id)).all()).toEqual([]);
  });

  it("needs a signed-in rider", async () => {
    expect((await app.client().get("/api/horses")).status).toBe(401);
    expect((await app.client().json("/api/horses", "POST", { name: "Dash" })).status).toBe(401);
  });
});

describe("GET, PATCH and DELETE /api/horses/{id}", () => {
  it("answers the owner's horse and 404 for someone else's or a missing one, for every method", async () => {
    const { user, client } = await signedIn();
    const mine = createHorse(app.db, user.id, { name: "Mine" });
    const theirs = createHorse(app.db, createUser(app.db).id, { name: "Theirs" });
    expect(await (await client.get(`/api/horses/${mine.id}`)).json()).toMatchObject({ id: mine.id, name: "Mine" });
    for (const id of [theirs.id, "missing"]) {
      expect((await client.get(`/api/horses/${id}`)).status).toBe(404);
      const patch = await client.json(`/api/horses/${id}`, "PATCH", { name: "Taken" });
      expect(patch.status).toBe(404);
      expect((await patch.json()).message).toBe("Horse not found");
      expect((await client.json(`/api/horses/${id}`, "DELETE")).status).toBe(404);
    }
    expect(horseRow(theirs.id)).toMatchObject({ name: "Theirs" });
    expect((await app.client().get(`/api/horses/${mine.id}`)).status).toBe(401);
  });

  it("changes only the fields sent, clears one sent as null, and refuses a name in use", async () => {
    const { user, client } = await signedIn();
    const dash = createHorse(app.db, user.id, { name: "Dash", color: "Bay", notes: "Old note" });
    createHorse(app.db, user.id, { name: "Sugar" });
    const res = await client.json(`/api/horses/${dash.id}`, "PATCH", { yearFoaled: 2015, notes: null, shared: true });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ name: "Dash", color: "Bay", notes: null, yearFoaled: 2015, shared: true });
    const clash = await client.json(`/api/horses/${dash.id}`, "PATCH", { name: "sugar" });
    expect(clash.status).toBe(409);
    expect((await clash.json()).message).toContain("You already have a horse named Sugar");
    // Renaming it to another spelling of its own name is fine.
    expect(await (await client.json(`/api/horses/${dash.id}`, "PATCH", { name: "DASH" })).json()).toMatchObject({ name: "DASH" });
  });

  it("retires a horse (out of the picker and the names, kept as a record) and brings it back", async () => {
    const { user, client } = await signedIn();
    const dash = createHorse(app.db, user.id, { name: "Dash" });
    createHorse(app.db, user.id, { name: "Sugar" });
    const retired = await (await client.json(`/api/horses/${dash.id}`, "PATCH", { retired: true })).json();
    expect(retired).toMatchObject({ retired: true });
    expect(retired.retiredAt).toBeTruthy();
    expect(await (await client.get("/api/horses")).json()).toEqual(["Sugar"]);
    expect((await (await client.get("/api/horses?view=records")).json()).map((h: { name: string; retired: boolean }) => [h.name, h.retired])).toEqual([
      ["Sugar", false],
      ["Dash", true],
    ]);
    const page = await (await client.get("/run-log?new")).text();
    expect(page).not.toContain(`<option value="${dash.id}"`);
    expect(await (await client.json(`/api/horses/${dash.id}`, "PATCH", { retired: false })).json()).toMatchObject({ retired: false, retiredAt: null });
    expect(await (await client.get("/api/horses")).json()).toEqual(["Dash", "Sugar"]);
  });

  it("deletes a horse and keeps its runs, unlinked, with the name they were logged with", async () => {
    const { user, client } = await signedIn();
    const run = createRun(app.db, user.id, { horseName: "Dash" });
    const horseId = run.horseId!;
    expect(await (await client.json(`/api/horses/${horseId}`, "PATCH", { name: "Dash II" })).json()).toMatchObject({ name: "Dash II", runCount: 1 });
    const res = await client.json(`/api/horses/${horseId}`, "DELETE");
    expect(res.status).toBe(200);
    expect(horseRow(horseId)).toBeUndefined();
    expect(runRow(run.id)).toMatchObject({ horseId: null, horseName: "Dash" });
    expect((await client.get(`/api/horses/${horseId}`)).status).toBe(404);
  });

  it("takes a photo uploaded as a horse photo by this rider (location data stripped), never another file", async () => {
    const { user, client } = await signedIn();
    const dash = createHorse(app.db, user.id, { name: "Dash" });
    const avatar = await uploadImage(client, "avatar");
    expect((await client.json(`/api/horses/${dash.id}`, "PATCH", { photoUrl: avatar.url })).status).toBe(400);
    const stranger = await signedIn();
    const theirs = await uploadImage(stranger.client, "horse");
    expect((await client.json(`/api/horses/${dash.id}`, "PATCH", { photoUrl: theirs.url })).status).toBe(400);

    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#a16207" } })
      .jpeg()
      .withExif({ IFD0: { Make: "SecretCam" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "32/1 45/1 0/1" } })
      .toBuffer();
    const grant = await (await client.json("/api/objects/upload?kind=horse", "POST")).json();
    const put = await fetch(grant.uploadURL, { method: "PUT", body: new Uint8Array(photo), headers: { "Content-Type": "image/jpeg" } });
    expect(put.status).toBe(201);
    const { url } = await put.json();
    const res = await client.json(`/api/horses/${dash.id}`, "PATCH", { photoUrl: url });
    expect(res.status).toBe(200);
    expect((await res.json()).photoUrl).toBe(url);
    const stored = Buffer.from(await (await client.get(url)).arrayBuffer());
    expect(stored.includes(Buffer.from("SecretCam"))).toBe(false);
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    // Removing the photo removes its file.
    expect(await (await client.json(`/api/horses/${dash.id}`, "PATCH", { photoUrl: null })).json()).toMatchObject({ photoUrl: null });
    expect((await client.get(url)).status).toBe(404);
  });
});

describe("runs on horses: POST/PUT /api/run-logs with horseId or horseName", () => {
  it("logs a run on the rider's own horse by id, and keeps the horse's name on the run", async () => {
    const { user, client } = await signedIn();
    const dash = createHorse(app.db, user.id, { name: "Dash" });
    const res = await client.json("/api/run-logs", "POST", { arenaName: "Cowtown", horseId: dash.id, time: "15.4" });
    expect(res.status).toBe(201);
    const run = await res.json();
    expect(run).toMatchObject({ horseId: dash.id, horseName: "Dash" });
    expect(await (await client.get(`/api/horses/${dash.id}`)).json()).toMatchObject({ runCount: 1 });
  });

  it("refuses another account's horse, a missing one, and a retired one for a new run", async () => {
    const { user, client } = await signedIn();
    const theirs = createHorse(app.db, createUser(app.db).id, { name: "Theirs" });
    for (const horseId of [theirs.id, "missing"]) {
      const res = await client.json("/api/run-logs", "POST", { arenaName: "A", horseId });
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe("Choose a horse from the list");
    }
    const old = createHorse(app.db, user.id, { name: "Old Timer" });
    const run = await (await client.json("/api/run-logs", "POST", { arenaName: "A", horseId: old.id })).json();
    await client.json(`/api/horses/${old.id}`, "PATCH", { retired: true });
    const refused = await client.json("/api/run-logs", "POST", { arenaName: "A", horseId: old.id });
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toBe("This horse is retired: bring it back from its page to log runs on it");
    // A run already on the retired horse can still be edited.
    const edit = await client.json(`/api/run-logs/${run.id}`, "PUT", { arenaName: "B", horseId: old.id });
    expect(edit.status).toBe(200);
    expect(await edit.json()).toMatchObject({ arenaName: "B", horseId: old.id });
    expect(app.db.select().from(runLogs).where(eq(runLogs.horseId, theirs.id)).all()).toEqual([]);
  });

  it("still takes horseName: finds the horse ignoring case, or adds it", async () => {
    const { user, client } = await signedIn();
    const dash = createHorse(app.db, user.id, { name: "Dash" });
    const found = await (await client.json("/api/run-logs", "POST", { arenaName: "A", horseName: " dash " })).json();
    expect(found).toMatchObject({ horseId: dash.id, horseName: "Dash" });
    const added = await (await client.json("/api/run-logs", "POST", { arenaName: "A", horseName: "Blaze" })).json();
    expect(added.horseName).toBe("Blaze");
    expect(horseRow(added.horseId)).toMatchObject({ userId: user.id, name: "Blaze" });
    expect(await (await client.get("/api/horses")).json()).toEqual(["Blaze", "Dash"]);
  });

  it("adds one horse when many runs name a new horse at once", async () => {
    const { user, client } = await signedIn();
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => client.json("/api/run-logs", "POST", { arenaName: `A${i}`, horseName: i % 2 ? "Rocket" : "rocket" })));
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(201));
    const mine = app.db.select().from(horses).where(eq(horses.userId, user.id)).all();
    expect(mine).toHaveLength(1);
    expect(new Set(app.db.select().from(runLogs).where(eq(runLogs.userId, user.id)).all().map((r) => r.horseId))).toEqual(new Set([mine[0]!.id]));
  });

  it("the run form without JavaScript logs a run on a picked horse, or on a new horse typed in the same form", async () => {
    const { user, client } = await signedInForm();
    const dash = createHorse(app.db, user.id, { name: "Dash" });
    const form = await (await client.get("/run-log?new")).text();
    expect(form).toContain(`<option value="${dash.id}">Dash</option>`);
    expect(form).toContain('name="newHorse"');
    expect((await client.form("/run-log", { intent: "create", arenaName: "Picked Arena", horseId: dash.id, newHorse: "" })).status).toBe(302);
    expect((await client.form("/run-log", { intent: "create", arenaName: "New Horse Arena", horseId: dash.id, newHorse: "Comet" })).status).toBe(302);
    const runs = app.db.select().from(runLogs).where(eq(runLogs.userId, user.id)).all();
    expect(runs.find((r) => r.arenaName === "Picked Arena")).toMatchObject({ horseId: dash.id, horseName: "Dash" });
    const comet = runs.find((r) => r.arenaName === "New Horse Arena")!;
    expect(comet.horseName).toBe("Comet");
    expect(horseRow(comet.horseId!)).toMatchObject({ name: "Comet", userId: user.id });
    // A refused choice comes back with its message.
    const bad = await client.form("/run-log", { intent: "create", arenaName: "X", horseId: createHorse(app.db, createUser(app.db).id).id });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Choose a horse from the list");
  });

  it("offers a parent's riders' horses in the form, grouped by who rides them", async () => {
    const { user, client } = await signedInForm();
    const lily = createRider(app.db, user.id, "Lily");
    createHorse(app.db, user.id, { name: "Mine" });
    createHorse(app.db, user.id, { name: "Pony", riderId: lily.id });
    const form = await (await client.get("/run-log?new")).text();
    expect(form).toContain('<optgroup label="My horses">');
    expect(form).toMatch(/<optgroup label="Lily(&#x27;|')s horses"><option value="[^"]+">Pony<\/option><\/optgroup>/);
  });
});

describe("runAt: when a run was run", () => {
  it("stores the time sent, orders lists and the public profile by it, and filters dates by it", async () => {
    const { user, client } = await signedIn({ privacyMode: "PUBLIC" });
    const post = async (arenaName: string, runAt?: string) => (await client.json("/api/run-logs", "POST", { arenaName, runAt, privacy: "PUBLIC" })).json();
    const saturday = await post("Saturday", "2026-06-06T14:30:00-05:00");
    const friday = await post("Friday", "2026-06-05T19:00:00Z");
    const now = await post("Now");
    expect(saturday.runAt).toBe("2026-06-06T19:30:00.000Z");
    expect(Math.abs(new Date(now.runAt).getTime() - Date.now())).toBeLessThan(60_000);
    const ids = async (query = "") => ((await (await client.get(`/api/run-logs${query}`)).json()) as { id: string }[]).map((r) => r.id);
    // Logged in another order than run: the list follows when they were run.
    expect(await ids()).toEqual([now.id, saturday.id, friday.id]);
    expect(await ids("?from=2026-06-06&to=2026-06-06")).toEqual([saturday.id]);
    const viewer = await signedIn();
    const publicIds = ((await (await viewer.client.get(`/api/users/${user.id}/public-runs`)).json()) as { id: string }[]).map((r) => r.id);
    expect(publicIds).toEqual([now.id, saturday.id, friday.id]);
  });

  it("reads a wall-clock time in the zone sent with it, else in the rider's home zone", async () => {
    const { client } = await signedIn({ homeZipCode: "76101" });
    const inDenver = await (await client.json("/api/run-logs", "POST", { arenaName: "A", runAt: "2026-01-10T13:00", timeZone: "America/Denver" })).json();
    expect(inDenver.runAt).toBe("2026-01-10T20:00:00.000Z");
    // No zone: Fort Worth's (Central; daylight time in July).
    const atHome = await (await client.json("/api/run-logs", "POST", { arenaName: "A", runAt: "2026-07-10T13:00" })).json();
    expect(atHome.runAt).toBe("2026-07-10T18:00:00.000Z");
  });

  it("refuses a time in the future beyond a few minutes, before 1990, or not a time, with clear messages", async () => {
    const { client } = await signedIn();
    const soon = new Date(Date.now() + 5 * 60_000).toISOString();
    expect((await client.json("/api/run-logs", "POST", { arenaName: "A", runAt: soon })).status).toBe(201);
    const cases: [unknown, string][] = [
      [new Date(Date.now() + 60 * 60_000).toISOString(), "Run time can't be in the future"],
      ["1989-12-31T12:00:00Z", "Run time must be in 1990 or later"],
      ["yesterday", "Run time must be a date and time, like 2026-06-01T14:30"],
      ["2026-02-30T10:00", "Run time must be a date and time, like 2026-06-01T14:30"],
      [12345, "Run time must be a date and time, like 2026-06-01T14:30"],
    ];
    for (const [runAt, message] of cases) {
      const res = await client.json("/api/run-logs", "POST", { arenaName: "A", runAt });
      expect(res.status, String(runAt)).toBe(400);
      expect((await res.json()).message, String(runAt)).toBe(message);
    }
  });

  it("keeps a run's time on an edit that does not send one, and changes it on one that does", async () => {
    const { client } = await signedIn();
    const run = await (await client.json("/api/run-logs", "POST", { arenaName: "A", runAt: "2026-03-01T10:00:00Z" })).json();
    expect((await (await client.json(`/api/run-logs/${run.id}`, "PUT", { arenaName: "B" })).json()).runAt).toBe("2026-03-01T10:00:00.000Z");
    expect((await (await client.json(`/api/run-logs/${run.id}`, "PUT", { arenaName: "B", runAt: "2026-03-02T10:00:00Z" })).json()).runAt).toBe("2026-03-02T10:00:00.000Z");
  });

  it("the form without JavaScript shows now in the home zone; left as shown it means the moment it arrives, changed it is read in that zone", async () => {
    const { user, client } = await signedInForm({ homeZipCode: "76101" });
    const html = await (await client.get("/run-log?new")).text();
    const shown = /name="runAt" type="datetime-local" class="input" value="([^"]+)"/.exec(html)?.[1];
    expect(shown).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(html).toMatch(/name="timeZone"[^>]*value="America\/Chicago"/);
    const fields = { intent: "create", runAt: shown!, runAtShown: shown!, timeZone: "America/Chicago" };
    expect((await client.form("/run-log", { ...fields, arenaName: "As Shown" })).status).toBe(302);
    expect((await client.form("/run-log", { ...fields, arenaName: "Changed", runAt: "2026-07-04T19:15" })).status).toBe(302);
    const runs = app.db.select().from(runLogs).where(eq(runLogs.userId, user.id)).all();
    const asShown = runs.find((r) => r.arenaName === "As Shown")!;
    expect(Math.abs(asShown.runAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect(runs.find((r) => r.arenaName === "Changed")!.runAt.toISOString()).toBe("2026-07-05T00:15:00.000Z");
    const future = await client.form("/run-log", { ...fields, arenaName: "Future", runAt: "2099-01-01T10:00" });
    expect(future.status).toBe(400);
    expect(await future.text()).toContain("Run time can&#x27;t be in the future");
  });
});

describe("trends by conditions", () => {
  it("answers best and average time by ground, indoor/outdoor and weather with the runs each rests on, for one horse", async () => {
    const { user, client } = await signedIn();
    const dash = createHorse(app.db, user.id, { name: "Dash" });
    const log = (body: Record<string, unknown>) => client.json("/api/run-logs", "POST", { horseId: dash.id, ...body });
    await log({ arenaName: "A", arenaType: "indoor", groundCondition: "Deep", weather: "Hot", time: "15.4" });
    await log({ arenaName: "A", arenaType: "indoor", groundCondition: "deep", weather: "Hot", time: "15.8" });
    await log({ arenaName: "B", arenaType: "outdoor", groundCondition: "Packed", weather: "Windy", time: "16.1" });
    await log({ arenaName: "B", arenaType: "outdoor", groundCondition: "Packed", time: "" });
    // Another horse's run does not count.
    await client.json("/api/run-logs", "POST", { arenaName: "C", horseName: "Other", groundCondition: "Deep", time: "14.0" });
    const trends = await (await client.get(`/api/run-logs/trends?horseId=${dash.id}`)).json();
    expect(trends.runCount).toBe(4);
    expect(trends.conditions).toEqual({
      ground: [
        { label: "Deep", best: 15.4, average: 15.6, runs: 2 },
        { label: "Packed", best: 16.1, average: 16.1, runs: 1 },
      ],
      arenaType: [
        { label: "Indoor", best: 15.4, average: 15.6, runs: 2 },
        { label: "Outdoor", best: 16.1, average: 16.1, runs: 1 },
      ],
      weather: [
        { label: "Hot", best: 15.4, average: 15.6, runs: 2 },
        { label: "Windy", best: 16.1, average: 16.1, runs: 1 },
      ],
    });
    expect((await client.get(`/api/run-logs/trends?horseId=${createHorse(app.db, createUser(app.db).id).id}`)).status).toBe(404);
    const page = await (await client.get(`/run-log?horseId=${dash.id}`)).text();
    expect(page).toContain("By conditions");
    expect(page).toMatch(/Deep(<!-- -->)? <span[^>]*>\((<!-- -->)?2 runs/);
  });
});

describe("the horse screens", () => {
  it("adds a horse without JavaScript and opens its screen; a duplicate name comes back with its message", async () => {
    const { user, client } = await signedInForm();
    const res = await client.form("/horses", { name: "Biscuit" });
    expect(res.status).toBe(302);
    const horse = app.db.select().from(horses).where(eq(horses.userId, user.id)).get()!;
    expect(res.headers.get("location")).toBe(`/horses/${horse.id}`);
    const page = await (await client.get(`/horses/${horse.id}`)).text();
    expect(page).toContain("Biscuit");
    expect(page).toContain("Horse added!");
    const dup = await client.form("/horses", { name: "biscuit" });
    expect(dup.status).toBe(409);
    expect(await dup.text()).toContain("You already have a horse named Biscuit");
    expect(await (await client.get("/horses")).text()).toContain("Biscuit");
  });

  it("edits, retires, brings back, shares and deletes a horse from its screen without JavaScript", async () => {
    const { user, client } = await signedInForm();
    const run = createRun(app.db, user.id, { horseName: "Pepper", arenaName: "Lazy E", time: "15.9" });
    const id = run.horseId!;
    const page = await (await client.get(`/horses/${id}`)).text();
    expect(page).toContain("Lazy E");
    expect(page).toContain("15.9s");
    expect(page).toContain(`href="/run-log?horseId=${id}"`);
    const edit = await client.form(`/horses/${id}`, { intent: "update", name: "Pepper", registeredName: "Pepper Jack Doc", yearFoaled: "2014", sex: "mare", color: "Palomino", notes: "" });
    expect(edit.status).toBe(302);
    expect(horseRow(id)).toMatchObject({ registeredName: "Pepper Jack Doc", yearFoaled: 2014, sex: "mare", color: "Palomino", notes: null });
    const badYear = await client.form(`/horses/${id}`, { intent: "update", name: "Pepper", yearFoaled: "1901" });
    expect(badYear.status).toBe(400);
    expect(await badYear.text()).toContain(`Year foaled must be between ${year - 45} and ${year}`);
    expect((await client.form(`/horses/${id}`, { intent: "retire" })).status).toBe(302);
    expect(horseRow(id)?.retiredAt).toBeTruthy();
    expect(await (await client.get("/horses")).text()).toContain("Retired");
    expect((await client.form(`/horses/${id}`, { intent: "unretire" })).status).toBe(302);
    expect(horseRow(id)?.retiredAt).toBeNull();
    expect((await client.form(`/horses/${id}`, { intent: "share" })).status).toBe(302);
    expect(horseRow(id)?.shared).toBe(true);
    expect(await (await client.get(`/horses/${id}`)).text()).toContain(`href="/share/horse/${id}"`);
    expect((await client.form(`/horses/${id}`, { intent: "unshare" })).status).toBe(302);
    expect(horseRow(id)?.shared).toBe(false);
    const deleted = await client.form(`/horses/${id}`, { intent: "delete" });
    expect(deleted.headers.get("location")).toBe("/horses");
    expect(horseRow(id)).toBeUndefined();
    expect(runRow(run.id)).toMatchObject({ horseId: null, horseName: "Pepper" });
  });

  it("marks each field the edit form refuses, the sex and the notes too, as invalid and describes it by its message", async () => {
    const { user, client } = await signedInForm();
    const horse = createHorse(app.db, user.id, { name: "Notes Horse" });
    const res = await client.form(`/horses/${horse.id}`, { intent: "update", name: "Notes Horse", yearFoaled: "long ago", sex: "unicorn", color: "Bay", notes: "n".repeat(1001) });
    expect(res.status).toBe(400);
    const html = await res.text();
    for (const [tag, name, message] of [
      ["input", "yearFoaled", "Year foaled must be a year, like 2016"],
      ["select", "sex", "Choose mare, gelding, stallion, filly or colt"],
      ["textarea", "notes", "Notes must be 1000 characters or less"],
    ]) {
      const control = new RegExp(`<${tag}[^>]*id="edit-horse-${name}"[^>]*>`).exec(html)?.[0];
      expect(control, name).toContain('aria-invalid="true"');
      expect(control, name).toContain(`aria-describedby="edit-horse-${name}-error"`);
      expect(html, name).toMatch(new RegExp(`<ul id="edit-horse-${name}-error"[^>]*><li>${message}`));
    }
    // A field without an error is not marked.
    expect(/<input[^>]*id="edit-horse-color"[^>]*>/.exec(html)?.[0]).not.toContain("aria-invalid");
    expect(horseRow(horse.id)).toMatchObject({ notes: null, sex: null, color: null });
  });

  it("stores a photo sent with the edit form through the checked upload path, and refuses a file that is not an image", async () => {
    const { user, client } = await signedInForm();
    const horse = createHorse(app.db, user.id, { name: "Photo Horse" });
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#78350f" } }).jpeg().withExif({ IFD0: { Make: "SecretCam" } }).toBuffer();
    const form = new FormData();
    form.append("intent", "update");
    form.append("name", "Photo Horse");
    form.append("photo", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "horse.jpg");
    expect((await client.fetch(`/horses/${horse.id}`, { method: "POST", body: form })).status).toBe(302);
    const url = horseRow(horse.id)!.photoUrl!;
    expect(url).toMatch(/^\/uploads\/[A-Za-z0-9_-]{22}\.jpg$/);
    expect((await sharp(Buffer.from(await (await client.get(url)).arrayBuffer())).metadata()).exif).toBeUndefined();
    expect(await (await client.get(`/horses/${horse.id}`)).text()).toContain('alt="Photo of Photo Horse"');
    const bad = new FormData();
    bad.append("intent", "update");
    bad.append("name", "Photo Horse");
    bad.append("photo", new Blob(["just text"], { type: "image/jpeg" }), "fake.jpg");
    const refused = await client.fetch(`/horses/${horse.id}`, { method: "POST", body: bad });
    expect(refused.status).toBe(415);
    expect(await refused.text()).toContain("Invalid File Type");
    expect(horseRow(horse.id)!.photoUrl).toBe(url);
  });

  it("answers 'Horse Not Found' (404) for someone else's horse and changes nothing", async () => {
    const { client } = await signedInForm();
    const theirs = createHorse(app.db, createUser(app.db).id, { name: "Secret Horse" });
    const page = await client.get(`/horses/${theirs.id}`);
    expect(page.status).toBe(404);
    const html = await page.text();
    expect(html).toContain("Horse Not Found");
    expect(html).not.toContain("Secret Horse");
    for (const intent of ["retire", "delete", "update"]) {
      expect((await client.form(`/horses/${theirs.id}`, { intent, name: "Mine now" })).status).toBe(404);
    }
    expect(horseRow(theirs.id)).toMatchObject({ name: "Secret Horse", retiredAt: null });
  });
});
