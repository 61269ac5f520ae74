import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { horseDocuments, horses } from "../../db/schema";
import { createRun, createUser, signedInRider, uploadImage } from "../helpers/factories";
import { startTestServer, type TestServer } from "../helpers/server";

/**
 * The shareable horse record (/share/horse/{id} and GET /api/share/horse/{id}):
 * shown to anyone while the owner shares it; only PUBLIC runs count; papers
 * never show; Open Graph tags in the server HTML; off, missing, or a Private
 * owner's: "Horse Not Found", exactly like a horse that does not exist.
 */
let app: TestServer;
beforeAll(async () => {
  app = await startTestServer();
});
afterAll(() => app.close());

function horseWithRuns(ownerId: string, shared = true) {
  const horse = app.db.insert(horses).values({ userId: ownerId, name: "Sugar Bars Dash", registeredName: "SR Sugar Bars Dash", yearFoaled: 2018, sex: "gelding", color: "Sorrel", shared }).returning().get();
  const run = (arenaName: string, time: string, privacy: "PUBLIC" | "PRIVATE", runAt: string, placement: string | null = null) =>
    createRun(app.db, ownerId, { horseId: horse.id, horseName: horse.name, arenaName, time, privacy, placement, runAt: new Date(runAt), tags: [] });
  run("Cowtown Coliseum", "15.482", "PUBLIC", "2026-10-03T19:00:00Z", "1st");
  run("Cowtown Coliseum", "15.901", "PUBLIC", "2026-10-10T19:00:00Z");
  run("Will Rogers Arena", "16.210", "PUBLIC", "2026-11-01T19:00:00Z", "3rd");
  // Faster, but private: counts nowhere.
  run("Secret Practice Pen", "14.001", "PRIVATE", "2026-11-05T19:00:00Z", "1st");
  app.db
    .insert(horseDocuments)
    .values({ horseId: horse.id, userId: ownerId, kind: "coggins", fileKey: "AAAAAAAAAAAAAAAAAAAAAA.pdf", fileName: "coggins-secret.pdf", contentType: "application/pdf", size: 100, expiresOn: "2027-06-01" })
    .run();
  return horse;
}

describe("a shared horse record", () => {
  it("shows the horse, its public runs' bests, placings and count to a visitor, with Open Graph tags and no papers", async () => {
    const owner = await signedInRider(app, { firstName: "Kaylee", lastName: "Rivers", privacyMode: "PUBLIC" });
    const horse = horseWithRuns(owner.user.id);
    const photo = await uploadImage(owner.client, "showbill", "#78350f", { width: 600, height: 400 });
    app.db.update(horses).set({ photoUrl: photo.url }).run();
    const res = await app.client().get(`/share/horse/${horse.id}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const text of ["Sugar Bars Dash", "SR Sugar Bars Dash", "foaled 2018", "Kaylee Rivers", "15.482s", "Will Rogers Arena", "16.21s", "Get Started Free"]) expect(html).toContain(text);
    // The sex by its label, as on the horse's own screen.
    expect(html).toContain("<p class=\"text-gray-700\">SR Sugar Bars Dash · foaled 2018 · Sorrel · Gelding</p>");
    expect(html).toMatch(/data-testid="run-count".*?>3</s);
    expect(html).toMatch(/data-testid="placings".*?>2</s);
    expect(html.match(/data-testid="shared-horse-run"/g)).toHaveLength(3);
    for (const hidden of ["Secret Practice Pen", "14.001", "14.00", "coggins", "Coggins", "coggins-secret", "/documents/"]) expect(html).not.toContain(hidden);
    expect(html).toContain('<meta property="og:title" content="Sugar Bars Dash: barrel horse record"/>');
    expect(html).toContain('<meta property="og:description" content="Personal best 15.482s at Cowtown Coliseum · 3 public runs · 2 placed"/>');
    expect(html).toContain(`<meta property="og:url" content="${app.url}/share/horse/${horse.id}"/>`);
    expect(html).toMatch(new RegExp(`<meta property="og:image" content="${app.url}/uploads/[\\w-]{22}\\.preview\\.webp"/>`));

    const api = await app.client().get(`/api/share/horse/${horse.id}`);
    expect(api.status).toBe(200);
    const body = (await api.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ name: "Sugar Bars Dash", runCount: 3, placements: 2, personalBest: { time: 15.482, arenaName: "Cowtown Coliseum" } });
    expect((body.bestByArena as { arenaName: string }[]).map((a) => a.arenaName)).toEqual(["Cowtown Coliseum", "Will Rogers Arena"]);
    expect((body.recentRuns as { arenaName: string }[]).map((r) => r.arenaName)).toEqual(["Will Rogers Arena", "Cowtown Coliseum", "Cowtown Coliseum"]);
    expect(JSON.stringify(body)).not.toMatch(/coggins|Secret Practice|documents|fileKey|email/i);
  });

  it("names an Invite Only owner by first name only", async () => {
    const owner = createUser(app.db, { firstName: "Jolene", lastName: "Hidden", privacyMode: "INVITE_ONLY" });
    const horse = horseWithRuns(owner.id);
    const html = await (await app.client().get(`/share/horse/${horse.id}`)).text();
    expect(html).toContain("Jolene");
    expect(html).not.toContain("Hidden");
  });

  it("answers Horse Not Found when not shared, missing, or its owner is Private or banned, to visitors and riders alike", async () => {
    const notShared = horseWithRuns(createUser(app.db).id, false);
    const solo = horseWithRuns(createUser(app.db, { privacyMode: "SOLO" }).id);
    const banned = horseWithRuns(createUser(app.db, { isActive: false }).id);
    const rider = await signedInRider(app);
    for (const id of [notShared.id, solo.id, banned.id, "no-such-horse"]) {
      for (const client of [app.client(), rider.client]) {
        const res = await client.get(`/share/horse/${id}`);
        expect(res.status, id).toBe(404);
        const html = await res.text();
        expect(html).toContain("Horse Not Found");
        expect(html).not.toContain("Sugar Bars Dash");
        expect(html).not.toContain("og:title");
        const api = await client.get(`/api/share/horse/${id}`);
        expect(api.status).toBe(404);
        expect(await api.json()).toEqual({ message: "Horse not found" });
      }
    }
  });
});
