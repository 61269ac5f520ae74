import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Db } from "../../db/client";
import { createEvent, createUser, PASSWORD } from "../helpers/factories";
import { Connection, cookieOf, openStream, startCluster, type Cluster } from "../helpers/cluster";
import { createRaceClass, createRaceEntry } from "../helpers/raceday-factories";

/**
 * The live page across worker processes: a time taken through one worker
 * reaches a live stream held by another (the primary relays the event's
 * signal), as the production server runs them.
 */
let server: Cluster;
let db: Db;
beforeAll(async () => {
  server = await startCluster(2);
  db = openDatabase(path.join(server.dataDir, "app.db"));
}, 180_000);
afterAll(() => {
  server.kill();
  db?.$client.close();
});

type Live = { lastRuns: { riderName: string; time: string | null }[]; classes: { onDeck: { riderName: string }[] }[] };

describe("live results across workers", () => {
  it("reach a live page held by one worker from a time taken through another", async () => {
    const producer = createUser(db);
    const event = createEvent(db, { createdBy: producer.id });
    const cls = createRaceClass(db, event.id, { drawPublishedAt: new Date() });
    const first = createRaceEntry(db, cls, { riderName: "Across Rider" });
    createRaceEntry(db, cls, { riderName: "Next Rider" });
    const login = await Connection.to(server);
    const cookie = cookieOf(await login.request("POST", "/api/auth/login", { body: { email: producer.email, password: PASSWORD } }));
    login.close();

    const held = await Connection.to(server);
    const other = await Connection.to(server, { not: held.owner });
    const stream = await openStream(held, `/api/events/${event.id}/live`, "");
    try {
      const before = (await stream.next("live")) as Live;
      expect(before.lastRuns).toEqual([]);
      expect(before.classes[0]!.onDeck.map((e) => e.riderName)).toEqual(["Across Rider", "Next Rider"]);

      const time = await other.request("POST", `/api/events/${event.id}/times`, { body: { entryId: first.id, outcome: "TIME", time: "15.482", clientId: "across-1" }, cookie });
      expect(time.status).toBe(201);
      const after = (await stream.next("live", 5000)) as Live;
      expect(after.lastRuns).toMatchObject([{ riderName: "Across Rider", time: "15.482" }]);
      expect(after.classes[0]!.onDeck.map((e) => e.riderName)).toEqual(["Next Rider"]);
    } finally {
      stream.close();
      held.close();
      other.close();
    }
  }, 60_000);
});
