import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moneyCloseouts, moneyRecords, raceResults, raceClasses } from "../../db/schema";
import { createEvent, createUser, signedInRider } from "../helpers/factories";
import { createRaceClass, createRaceEntry } from "../helpers/raceday-factories";
import { startTestServer, type TestServer } from "../helpers/server";

/**
 * The office's money as a ledger, through the real server: what was paid
 * stays what was paid when a fee changes, an exhibition pays its own fee,
 * records are reversed never edited, a closed day reopens with its reason,
 * a rider sees their receipts, and the year's winnings and checks read the
 * same numbers the office wrote.
 */

let app: TestServer;
beforeAll(async () => {
  app = await startTestServer();
});
afterAll(() => app.close());

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const json = async (res: Response) => (await res.json()) as Json;

async function race() {
  const producer = await signedInRider(app);
  const event = createEvent(app.db, { createdBy: producer.user.id, date: "2031-06-14", zipCode: "76101" });
  const cls = createRaceClass(app.db, event.id, { name: "Open 1D", divisions: 1, entryFeeCents: 5000, exhibitionFeeCents: 2000 });
  return { producer, event, cls, url: `/api/events/${event.id}` };
}

describe("a fee paid stays paid", () => {
  it("books two $50 cash entries at $100 after the fee rises to $60, and each shows $10 still owed", async () => {
    const { producer, cls, url } = await race();
    const a = createRaceEntry(app.db, cls, { riderName: "Amy Day", horseName: "Pip" });
    const b = createRaceEntry(app.db, cls, { riderName: "Bo Day", horseName: "Rex" });
    for (const e of [a, b]) expect((await producer.client.json(`${url}/entries/${e.id}`, "PATCH", { paid: true, paidMethod: "CASH" })).status).toBe(200);
    const changed = await producer.client.json(`${url}/classes/${cls.id}`, "PATCH", { entryFeeCents: 6000 });
    expect(changed.status, await changed.clone().text()).toBe(200);

    const books = await json(await producer.client.get(`${url}/books`));
    expect(books.totals.paidCents.CASH).toBe(10000);
    expect(books.closeOut.cashCents).toBe(10000);
    expect(books.totals.collectedCents).toBe(10000);
    expect(books.totals.unpaidCents).toBe(2000);
    expect(books.totals.unpaid.map((l: Json) => [l.riderName, l.balanceCents])).toEqual([
      ["Amy Day", 1000],
      ["Bo Day", 1000],
    ]);

    // The office collects the difference as a record: the amount owed, by cash.
    const settled = await producer.client.json(`${url}/ledger`, "POST", { kind: "FEE", entryId: a.id, method: "CASH" });
    expect(settled.status, await settled.clone().text()).toBe(201);
    expect(await json(settled)).toMatchObject({ kind: "FEE", amountCents: 1000, method: "CASH" });
    const after = await json(await producer.client.get(`${url}/books`));
    expect(after.totals.paidCents.CASH).toBe(11000);
    expect(after.totals.unpaid.map((l: Json) => l.riderName)).toEqual(["Bo Day"]);
  });

  it("books an exhibition run paid in cash at its $20 exhibition fee", async () => {
    const { producer, cls, url } = await race();
    const entered = await producer.client.json(`${url}/entries`, "POST", { classId: cls.id, riderName: "Walk Up", horseName: "Practice", exhibition: true });
    expect(entered.status).toBe(201);
    const entry = await json(entered);
    expect((await producer.client.json(`${url}/entries/${entry.id}`, "PATCH", { paidMethod: "CASH" })).status).toBe(200);
    const books = await json(await producer.client.get(`${url}/books`));
    expect(books.totals.paidCents.CASH).toBe(2000);
    expect(books.totals.unpaidCents).toBe(0);
    const rows = app.db.select().from(moneyRecords).where(eq(moneyRecords.entryId, entry.id)).all();
    expect(rows).toMatchObject([{ kind: "FEE", amountCents: 2000, method: "CASH", takenByName: `${producer.user.firstName} ${producer.user.lastName}` }]);
  });
});

describe("the ledger", () => {
  it("writes, lists newest first, and reverses with a reason: nothing is edited or deleted", async () => {
    const { producer, cls, url } = await race();
    const e = createRaceEntry(app.db, cls, { riderName: "Cy Lee", horseName: "Dot" });
    await producer.client.json(`${url}/entries/${e.id}`, "PATCH", { paidMethod: "CHECK", paidReference: "2207" });
    const charge = await json(await producer.client.json(`${url}/ledger`, "POST", { kind: "CHARGE", amountCents: 2500, method: "CASH", label: "Stall" }));
    const list = await json(await producer.client.get(`${url}/ledger`));
    expect(list.records.map((r: Json) => r.kind)).toEqual(["CHARGE", "FEE"]);
    expect(list.records[1]).toMatchObject({ amountCents: 5000, method: "CHECK", reference: "2207", reversed: false });

    const noReason = await producer.client.json(`${url}/ledger/${charge.id}/reverse`, "POST", { reason: " " });
    expect(noReason.status).toBe(400);
    const reversed = await producer.client.json(`${url}/ledger/${charge.id}/reverse`, "POST", { reason: "Charged the wrong rider" });
    expect(reversed.status).toBe(201);
    expect(await json(reversed)).toMatchObject({ kind: "CHARGE", amountCents: -2500, reversesId: charge.id, reason: "Charged the wrong rider" });
    expect((await producer.client.json(`${url}/ledger/${charge.id}/reverse`, "POST", { reason: "Again" })).status).toBe(409);
    const books = await json(await producer.client.get(`${url}/books`));
    expect(books.chargesCents).toBe(0);
    expect(app.db.select().from(moneyRecords).where(eq(moneyRecords.id, charge.id)).get()).toMatchObject({ amountCents: 2500, label: "Stall" });

    const since = await json(await producer.client.get(`${url}/ledger?since=${encodeURIComponent(list.records[0].recordedAt)}`));
    expect(since.records.map((r: Json) => r.reversesId)).toEqual([charge.id]);
    expect((await producer.client.get(`${url}/ledger?since=yesterday`)).status).toBe(400);
  });

  it("keeps charges and late fees out of the pot, and says the jackpot's share", async () => {
    const { producer, cls, url } = await race();
    app.db.update(raceClasses).set({ producerSharePercent: 25 }).where(eq(raceClasses.id, cls.id)).run();
    const e = createRaceEntry(app.db, cls, { riderName: "Di Ray", horseName: "Jet", drawPosition: null });
    await producer.client.json(`${url}/entries/${e.id}`, "PATCH", { paidMethod: "CARD" });
    const before = await json(await producer.client.get(`${url}/books`));
    await producer.client.json(`${url}/ledger`, "POST", { kind: "CHARGE", amountCents: 3000, method: "CARD", label: "Office fee" });
    await producer.client.json(`${url}/ledger`, "POST", { kind: "LATE_FEE", entryId: e.id, amountCents: 1000, method: "CASH" });
    const after = await json(await producer.client.get(`${url}/books`));
    expect(after.totals.potCents).toBe(before.totals.potCents);
    expect(after).toMatchObject({ chargesCents: 3000, lateFeesCents: 1000, jackpotSharePercent: 75, jackpotMinimumPercent: 80, jackpotBelowMinimum: true });
  });

  it("says on the event's page when the jackpot's share of the fees is under what associations ask", async () => {
    const { producer, cls, event } = await race();
    const page = async () => (await producer.client.get(`/share/event/${event.id}`)).text();
    expect(await page()).not.toContain("of entry fees go to the jackpot");
    app.db.update(raceClasses).set({ producerSharePercent: 25 }).where(eq(raceClasses.id, cls.id)).run();
    expect(await page()).toContain("75% of entry fees go to the jackpot: under the 80% associations ask.");
    app.db.update(raceClasses).set({ addedMoneyCents: 100_000 }).where(eq(raceClasses.id, cls.id)).run();
    expect(await page()).not.toContain("of entry fees go to the jackpot");
  });

  it("takes an office or arena charge from the books' form, out of the pot, and refuses one it cannot take at its fields", async () => {
    const { producer, event, url } = await race();
    const books = `/events/${event.id}/books`;
    const refused = await producer.client.form(books, { intent: "charge", label: "", payeeName: "Cody Vance", amount: "ten", method: "CASH" });
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(page).toContain("Say what the charge is for (Stall, Office fee)");
    expect(page).toContain("Give the amount in dollars and cents, above $0.00, like 25 or 25.00");
    expect(page).toContain('value="Cody Vance"');
    expect((await producer.client.form(books, { intent: "charge", label: "Stall", amount: "25", method: "CHECK" })).status).toBe(400);
    expect(app.db.select().from(moneyRecords).where(eq(moneyRecords.eventId, event.id)).all()).toEqual([]);
    const taken = await producer.client.form(books, { intent: "charge", label: "Stall", payeeName: "Cody Vance", amount: "$25.00", method: "CASH" });
    expect(taken.status).toBe(302);
    expect(app.db.select().from(moneyRecords).where(eq(moneyRecords.eventId, event.id)).all()).toMatchObject([{ kind: "CHARGE", label: "Stall", payeeName: "Cody Vance", amountCents: 2500, method: "CASH" }]);
    const after = await json(await producer.client.get(`${url}/books`));
    expect(after).toMatchObject({ chargesCents: 2500 });
    expect(after.totals.potCents).toBe(0);
  });

  it("refunds a scratch what the policy offers, and another amount only with a reason", async () => {
    const { producer, cls, url } = await race();
    const e = createRaceEntry(app.db, cls, { riderName: "Ed Moss", horseName: "Fig" });
    await producer.client.json(`${url}/entries/${e.id}`, "PATCH", { paidMethod: "CASH" });
    await producer.client.json(`${url}/entries/${e.id}`, "PATCH", { scratched: true });
    const owed = await json(await producer.client.get(`${url}/books`));
    expect(owed.totals.refundCents).toBe(5000);
    const other = await producer.client.json(`${url}/ledger`, "POST", { kind: "REFUND", entryId: e.id, amountCents: 4000, method: "CASH" });
    expect(other.status).toBe(400);
    expect((await json(other)).message).toBe("The policy offers $50.00: say why this refund is another amount");
    const refund = await producer.client.json(`${url}/ledger`, "POST", { kind: "REFUND", entryId: e.id, method: "CASH" });
    expect(await json(refund)).toMatchObject({ kind: "REFUND", amountCents: 5000 });
    const books = await json(await producer.client.get(`${url}/books`));
    expect(books).toMatchObject({ refundsCents: 5000 });
    expect(books.totals).toMatchObject({ refundCents: 0, collectedCents: 0 });
    expect(books.closeOut.cashCents).toBe(5000);
    const close = await json(await producer.client.get(`${url}/closeouts`));
    expect(close.days[0].byTaker[0]).toMatchObject({ cashCents: 0, refundsCents: 5000 });
  });
});

describe("the scratch policy and late fee", () => {
  it("are set by the producer through the API and the books' form, and the refund offered follows them", async () => {
    const { producer, cls, url, event } = await race();
    expect(await json(await producer.client.get(`${url}/money-rules`))).toEqual({ beforeDraw: "FULL", scratchOfficeFeeCents: 0, afterDrawPercent: 0, turnOutOwes: true, lateFeeCents: 0 });
    const rules = { beforeDraw: "LESS_FEE", scratchOfficeFeeCents: 500, afterDrawPercent: 50, turnOutOwes: false, lateFeeCents: 1000 };
    const put = await producer.client.json(`${url}/money-rules`, "PUT", rules);
    expect(put.status, await put.clone().text()).toBe(200);
    expect(await json(put)).toEqual(rules);

    // Before the draw: $50 paid, the office keeps its $5 fee.
    const early = createRaceEntry(app.db, cls, { riderName: "Flo Early", horseName: "Ash", drawPosition: null });
    await producer.client.json(`${url}/entries/${early.id}`, "PATCH", { paidMethod: "CASH" });
    await producer.client.json(`${url}/entries/${early.id}`, "PATCH", { scratched: true });
    expect((await json(await producer.client.get(`${url}/books`))).totals.refunds.find((r: Json) => r.entryId === early.id).balanceCents).toBe(-4500);
    expect(await json(await producer.client.json(`${url}/ledger`, "POST", { kind: "REFUND", entryId: early.id, method: "CASH" }))).toMatchObject({ amountCents: 4500 });

    // The books' form sets them too (dollars as typed), and refuses what it cannot take, keeping what was typed.
    const refused = await producer.client.form(`/events/${event.id}/books`, { intent: "money-rules", beforeDraw: "LESS_FEE", officeFee: "0", afterDrawPercent: "150", lateFee: "ten" });
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(page).toContain("Give the office&#x27;s fee kept of a scratch before the draw, or choose a full refund");
    expect(page).toContain("Give the part refunded after the draw as a whole percent, 0 to 100");
    expect(page).toContain("Give the late fee in dollars and cents, up to $100,000");
    expect(page).toContain('value="ten"');
    expect(await json(await producer.client.get(`${url}/money-rules`))).toEqual(rules);
    const saved = await producer.client.form(`/events/${event.id}/books`, { intent: "money-rules", beforeDraw: "FULL", officeFee: "", afterDrawPercent: "100", turnOutOwes: "on", lateFee: "$12.50" });
    expect(saved.status).toBe(302);
    expect(await json(await producer.client.get(`${url}/money-rules`))).toEqual({ beforeDraw: "FULL", scratchOfficeFeeCents: 0, afterDrawPercent: 100, turnOutOwes: true, lateFeeCents: 1250 });

    // The API refuses the same: a whole percent, whole cents.
    for (const bad of [{ ...rules, afterDrawPercent: 50.5 }, { ...rules, lateFeeCents: -1 }, { ...rules, beforeDraw: "HALF" }, { ...rules, scratchOfficeFeeCents: 0 }]) {
      const res = await producer.client.json(`${url}/money-rules`, "PUT", bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
  });
});

describe("turn-outs", () => {
  it("has a turn-out (scratched at the booth) owe its fee by the policy, and marks the rider when entered at another race until it is paid", async () => {
    const { producer, event, cls, url } = await race();
    app.db.update(raceClasses).set({ drawnAt: new Date(), drawPublishedAt: new Date() }).where(eq(raceClasses.id, cls.id)).run();
    const rider = await signedInRider(app);
    const gone = createRaceEntry(app.db, cls, { userId: rider.user.id, riderName: `${rider.user.firstName} ${rider.user.lastName}`, horseName: "No Show" });
    const ran = createRaceEntry(app.db, cls, { riderName: "Ran Fine", horseName: "There" });
    for (const [entry, outcome] of [[gone, "SCRATCH"], [ran, "NT"]] as const) {
      const timed = await producer.client.json(`${url}/times`, "POST", { clientId: `turnout-${entry.id}`, entryId: entry.id, outcome, penalties: 0 });
      expect(timed.status, await timed.clone().text()).toBe(201);
    }
    const unpaidOf = async (entryId: string) => ((await json(await producer.client.get(`${url}/books`))).totals.unpaid as Json[]).find((l) => l.entryId === entryId);
    // The default policy: a turn-out owes its fee.
    expect(await unpaidOf(gone.id)).toMatchObject({ scratched: true, dueCents: 5000, balanceCents: 5000 });

    // The rider enters a later race of the association (another producer's): that office is told.
    const later = await signedInRider(app);
    const next = createEvent(app.db, { createdBy: later.user.id, date: "2031-07-12", zipCode: "76101" });
    const nextClass = createRaceClass(app.db, next.id, { name: "Open 1D", divisions: 1 });
    const entered = await rider.client.json(`/api/events/${next.id}/entries`, "POST", { classId: nextClass.id, horseName: "Comes Back" });
    expect(entered.status, await entered.clone().text()).toBe(201);
    const entryId = (await json(entered)).id as string;
    const owedThere = async () => ((await json(await later.client.get(`/api/events/${next.id}/entries`))).entries as Json[]).find((e) => e.id === entryId)!.turnOutsOwed;
    // Another producer's race: named, not opened (its entry is that producer's).
    expect(await owedThere()).toEqual([{ eventId: event.id, entryId: null, eventName: event.name, date: event.date, horseName: "No Show", owedCents: 5000 }]);
    // The rider's own list says nothing of it; the hub's table marks the row and the opened entry says where and how much.
    expect(((await json(await rider.client.get(`/api/events/${next.id}/entries`))).entries as Json[])[0]).not.toHaveProperty("turnOutsOwed");
    const hub = await (await later.client.get(`/events/${next.id}/race-day?entry=${entryId}`)).text();
    expect(hub).toContain("Owes a turn-out");
    expect(hub).toMatch(/data-testid="turn-outs-owed"[\s\S]*\$50\.00 at [^<]*on No Show/);
    expect(hub).toContain("that race&#x27;s producer collects it");
    expect(hub).not.toContain(`entry=${gone.id}`);
    // An admin (who may open every race) gets the way to it.
    const admin = await signedInRider(app, { isAdmin: true });
    const adminHub = await (await admin.client.get(`/events/${next.id}/race-day?entry=${entryId}`)).text();
    expect(adminHub).toContain(`/events/${event.id}/race-day?entry=${gone.id}#entry-${gone.id}`);
    expect(((await json(await admin.client.get(`/api/events/${next.id}/entries`))).entries as Json[]).find((e) => e.id === entryId)!.turnOutsOwed[0].entryId).toBe(gone.id);

    // A policy where a turn-out owes nothing: nothing owed, nothing marked.
    const rules = { beforeDraw: "FULL", scratchOfficeFeeCents: 0, afterDrawPercent: 50, turnOutOwes: false, lateFeeCents: 0 };
    expect((await producer.client.json(`${url}/money-rules`, "PUT", rules)).status).toBe(200);
    expect(await unpaidOf(gone.id)).toBeUndefined();
    expect(await owedThere()).toEqual([]);

    // Owed again, then collected at its own race: no longer marked.
    expect((await producer.client.json(`${url}/money-rules`, "PUT", { ...rules, turnOutOwes: true })).status).toBe(200);
    expect(await owedThere()).toHaveLength(1);
    expect((await producer.client.json(`${url}/entries/${gone.id}`, "PATCH", { paid: true, paidMethod: "CASH" })).status).toBe(200);
    expect(await owedThere()).toEqual([]);
  });
});

describe("the hub settles an entry's money", () => {
  it("offers a scratch the policy's refund, takes another amount only with a reason, and collects what a raised fee left owing", async () => {
    const { producer, cls, url, event } = await race();
    const hub = `/events/${event.id}/race-day`;
    await producer.client.json(`${url}/money-rules`, "PUT", { beforeDraw: "LESS_FEE", scratchOfficeFeeCents: 500, afterDrawPercent: 0, turnOutOwes: true, lateFeeCents: 0 });
    const scratched = createRaceEntry(app.db, cls, { riderName: "Gil Scratch", horseName: "Bay", drawPosition: null });
    const raised = createRaceEntry(app.db, cls, { riderName: "Hal Raised", horseName: "Dun", drawPosition: null });
    for (const e of [scratched, raised]) await producer.client.json(`${url}/entries/${e.id}`, "PATCH", { paidMethod: "CASH" });
    await producer.client.json(`${url}/entries/${scratched.id}`, "PATCH", { scratched: true });

    const page = await (await producer.client.get(`${hub}?entry=${scratched.id}`)).text();
    expect(page).toContain("the scratch policy offers $45.00 back");
    expect(page).toContain('value="45.00"');
    const other = await producer.client.form(hub, { intent: "entry-refund", entryId: scratched.id, amount: "40", paidMethod: "CASH" });
    expect(other.status).toBe(400);
    expect(await other.text()).toContain("The policy offers $45.00: say why this refund is another amount");
    expect((await producer.client.form(hub, { intent: "entry-refund", entryId: scratched.id, amount: "abc", paidMethod: "CASH" })).status).toBe(400);
    expect((await producer.client.form(hub, { intent: "entry-refund", entryId: scratched.id, amount: "45", paidMethod: "COMP" })).status).toBe(400);
    expect(app.db.select().from(moneyRecords).where(eq(moneyRecords.entryId, scratched.id)).all().filter((r) => r.kind === "REFUND")).toEqual([]);
    const refunded = await producer.client.form(hub, { intent: "entry-refund", entryId: scratched.id, amount: "45.00", paidMethod: "CASH" });
    expect(refunded.status).toBe(302);
    expect(app.db.select().from(moneyRecords).where(eq(moneyRecords.entryId, scratched.id)).all().filter((r) => r.kind === "REFUND")).toMatchObject([{ amountCents: 4500, method: "CASH" }]);
    expect(await (await producer.client.get(`${hub}?entry=${scratched.id}`)).text()).not.toContain("the scratch policy offers");

    await producer.client.json(`${url}/classes/${cls.id}`, "PATCH", { entryFeeCents: 6000 });
    expect(await (await producer.client.get(`${hub}?entry=${raised.id}`)).text()).toContain("Owes $10.00 more: paid $50.00 of $60.00.");
    expect((await producer.client.form(hub, { intent: "entry-collect", entryId: raised.id, paidMethod: "CHECK" })).status).toBe(400);
    expect((await producer.client.form(hub, { intent: "entry-collect", entryId: raised.id, paidMethod: "CASH" })).status).toBe(302);
    expect(app.db.select().from(moneyRecords).where(eq(moneyRecords.entryId, raised.id)).all().map((r) => [r.kind, r.amountCents])).toEqual([
      ["FEE", 5000],
      ["FEE", 1000],
    ]);
    const again = await producer.client.form(hub, { intent: "entry-collect", entryId: raised.id, paidMethod: "CASH" });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("Nothing is owed on this entry now");
  });
});

describe("the close-out", () => {
  it("closes a day by taker, and a later record for it reopens it with its reason, kept in the history", async () => {
    const { producer, event, cls, url } = await race();
    const secretary = await signedInRider(app, { isAdmin: true, firstName: "Sue", lastName: "Clerk" });
    const [a, b, c] = [0, 1, 2].map((i) => createRaceEntry(app.db, cls, { riderName: `Rider ${i}`, horseName: `Horse ${i}` }));
    await producer.client.json(`${url}/entries/${a!.id}`, "PATCH", { paidMethod: "CASH" });
    await secretary.client.json(`${url}/entries/${b!.id}`, "PATCH", { paidMethod: "CASH" });
    await secretary.client.json(`${url}/entries/${c!.id}`, "PATCH", { paidMethod: "CHECK", paidReference: "88" });
    const open = await json(await producer.client.get(`${url}/closeouts`));
    expect(open.days).toHaveLength(1);
    const day = open.days[0];
    expect(day).toMatchObject({ closed: false, cashCents: 10000, checksCents: 5000 });
    expect(Object.fromEntries(day.byTaker.map((t: Json) => [t.takenByName, t.cashCents]))).toEqual({ [`${producer.user.firstName} ${producer.user.lastName}`]: 5000, "Sue Clerk": 5000 });
    expect(day.checksReceived).toMatchObject([{ reference: "88", amountCents: 5000 }]);

    expect((await producer.client.json(`${url}/closeouts`, "POST", { day: "June 14" })).status).toBe(400);
    expect((await producer.client.json(`${url}/closeouts`, "POST", { day: "2031-01-01" })).status).toBe(409);
    const closed = await producer.client.json(`${url}/closeouts`, "POST", { day: day.day });
    expect(closed.status).toBe(201);
    expect(await json(closed)).toMatchObject({ closed: true, cashCents: 10000 });
    expect((await producer.client.json(`${url}/closeouts`, "POST", { day: day.day })).status).toBe(200);

    // A refund that day reopens it, saying which record and why.
    const rec = await json(await producer.client.json(`${url}/ledger`, "POST", { kind: "CHARGE", amountCents: 500, method: "CASH", label: "Stall", reason: "Stall paid late" }));
    const after = await json(await producer.client.get(`${url}/closeouts`));
    expect(after.days[0]).toMatchObject({ closed: false, cashCents: 10500 });
    expect(after.days[0].history).toMatchObject([{ reopenedByRecordId: rec.id, reopenReason: "Stall paid late" }]);
    const stored = app.db.select().from(moneyCloseouts).where(eq(moneyCloseouts.eventId, event.id)).all();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.figures).toMatchObject({ cashCents: 10000 });
  });
});

describe("a rider's receipts", () => {
  it("lists what the rider paid, when, how, to whom, and a refund; never another rider's", async () => {
    const { producer, cls, url } = await race();
    const rider = await signedInRider(app);
    const other = await signedInRider(app);
    const e = createRaceEntry(app.db, cls, { userId: rider.user.id, riderName: "Kay Brooks", horseName: "Sugar" });
    createRaceEntry(app.db, cls, { userId: other.user.id, riderName: "Other One", horseName: "Nope" });
    await producer.client.json(`${url}/entries/${e.id}`, "PATCH", { paidMethod: "CARD", paidReference: "auth 1" });
    const mine = await json(await rider.client.get("/api/me/receipts"));
    expect(mine.receipts).toHaveLength(1);
    expect(mine.receipts[0]).toMatchObject({ entryId: e.id, className: "Open 1D", horseName: "Sugar", paidCents: 5000, refundedCents: 0 });
    expect(mine.receipts[0].records[0]).toMatchObject({ kind: "FEE", method: "CARD", takenByName: `${producer.user.firstName} ${producer.user.lastName}` });
    expect((await json(await other.client.get("/api/me/receipts"))).receipts).toEqual([]);
    expect((await app.client().get("/api/me/receipts")).status).toBe(401);
  });
});

describe("checks and the year's winnings", () => {
  /** A published class paying `payouts` to walk-ups or accounts. */
  function publishedEvent(producerId: string, date: string, endDate: string | null, payouts: { riderName: string; userId?: string; cents: number }[]) {
    const event = createEvent(app.db, { createdBy: producerId, date, endDate, zipCode: "76101" });
    const cls = createRaceClass(app.db, event.id, { name: "Open 1D", divisions: 1, resultsPublishedAt: new Date() });
    for (const [i, p] of payouts.entries()) {
      const e = createRaceEntry(app.db, cls, { riderName: p.riderName, horseName: `H${i}`, userId: p.userId ?? null });
      app.db.insert(raceResults).values({ entryId: e.id, classId: cls.id, eventId: event.id, outcome: "TIME", timeMs: 15000 + i, totalMs: 15000 + i, division: 1, place: i + 1, payoutCents: p.cents, publishedAt: new Date() }).run();
    }
    return event;
  }

  it("refuses a voided check's number for another payee, naming the voided check's payee", async () => {
    const producer = await signedInRider(app);
    const event = publishedEvent(producer.user.id, "2031-07-04", null, [
      { riderName: "Vera Void", cents: 3000 },
      { riderName: "Nell Next", cents: 2000 },
    ]);
    const url = `/api/events/${event.id}`;
    const payees = (await json(await producer.client.get(`${url}/checks`))).payees as Json[];
    const vera = payees.find((p) => p.payeeName === "Vera Void")!;
    const nell = payees.find((p) => p.payeeName === "Nell Next")!;
    expect((await producer.client.json(`${url}/checks/${vera.payeeKey}`, "PUT", { number: "700" })).status).toBe(201);
    expect((await producer.client.json(`${url}/checks/${vera.payeeKey}/void`, "POST", { reason: "Misspelled" })).status).toBe(200);
    const again = await producer.client.json(`${url}/checks/${nell.payeeKey}`, "PUT", { number: "700" });
    expect(again.status).toBe(409);
    expect((await json(again)).message).toBe("Check 700 is already used in this event (Vera Void, voided): each check has its own number");
    const kinds = app.db.select().from(moneyRecords).where(eq(moneyRecords.eventId, event.id)).all().map((r) => [r.kind, r.amountCents, r.reference]);
    expect(kinds).toEqual([
      ["CHECK_WRITTEN", 3000, "700"],
      ["CHECK_VOIDED", -3000, "700"],
    ]);
    expect((await producer.client.json(`${url}/checks/${vera.payeeKey}`, "PUT", { number: "701" })).status).toBe(201);
    expect(app.db.select().from(moneyRecords).where(eq(moneyRecords.eventId, event.id)).all().at(-1)).toMatchObject({ kind: "CHECK_REISSUED", reference: "701" });
  });

  it("joins a walk-up payee to a rider's account so their year is one total (API and the admin's screen), and undoes it", async () => {
    const admin = await signedInRider(app, { isAdmin: true });
    await admin.client.json("/api/admin/settings", "PATCH", { taxFormThresholdCents: 60000 });
    const pat = createUser(app.db, { firstName: "Pat", lastName: "Rivera" });
    publishedEvent(admin.user.id, "2039-03-01", null, [{ riderName: "Patty  Rivera", cents: 40_000 }]);
    publishedEvent(admin.user.id, "2039-05-01", null, [{ riderName: "Pat Rivera", userId: pat.id, cents: 30_000 }]);
    const year = async () => (await json(await admin.client.get("/api/admin/winnings?year=2039"))).payees as Json[];
    expect((await year()).map((p) => [p.payeeName, p.totalCents, p.taxFormDue])).toEqual([
      ["Patty  Rivera", 40_000, false],
      ["Pat Rivera", 30_000, false],
    ]);

    // Refused in words: no such account, a rider, a visitor.
    const unknown = await admin.client.json("/api/admin/payee-links", "POST", { walkUpName: "patty rivera", email: "nobody@example.com" });
    expect(unknown.status).toBe(404);
    expect((await json(unknown)).message).toBe("No account has that email: give the email the rider signs in with");
    const rider = await signedInRider(app);
    expect((await rider.client.json("/api/admin/payee-links", "POST", { walkUpName: "patty rivera", email: pat.email })).status).toBe(403);

    const joined = await admin.client.json("/api/admin/payee-links", "POST", { walkUpName: " patty rivera ", email: pat.email.toUpperCase() });
    expect(joined.status, await joined.clone().text()).toBe(200);
    expect(await json(joined)).toMatchObject({ payeeKey: `u-${pat.id}`, payeeName: "Pat Rivera" });
    expect((await year()).map((p) => [p.payeeName, p.walkUp, p.email, p.totalCents, p.taxFormDue, p.events, p.joined])).toEqual([["Pat Rivera", false, pat.email, 70_000, true, 2, ["Patty  Rivera"]]]);
    const csv = await (await admin.client.get("/api/admin/winnings.csv?year=2039")).text();
    expect(csv.split("\r\n")[1]).toBe(`Pat Rivera,No,${pat.email},Patty  Rivera,2,2,700.00,Yes`);
    // The screen says it, with the way back.
    const screen = await (await admin.client.get("/admin/winnings?year=2039")).text();
    expect(screen).toContain("Also paid as Patty  Rivera (walk-up)");

    const undone = await admin.client.json("/api/admin/payee-links", "DELETE", { walkUpName: "Patty Rivera" });
    expect(undone.status).toBe(200);
    expect((await year()).map((p) => p.totalCents)).toEqual([40_000, 30_000]);
    expect((await admin.client.json("/api/admin/payee-links", "DELETE", { walkUpName: "Patty Rivera" })).status).toBe(404);

    // The admin's form: a refusal beside the walk-up's row, with what was typed kept; then joined.
    const refused = await admin.client.form("/admin/winnings?year=2039", { intent: "join", walkUpName: "Patty  Rivera", email: "typo@example" });
    expect(refused.status).toBe(404);
    const page = await refused.text();
    expect(page).toMatch(/role="alert"[^>]*>No account has that email/);
    expect(page).toContain('value="typo@example"');
    const done = await admin.client.form("/admin/winnings?year=2039", { intent: "join", walkUpName: "Patty  Rivera", email: pat.email });
    expect(done.status).toBe(302);
    expect((await year()).map((p) => p.totalCents)).toEqual([70_000]);
    // An undo with no name (only a tampered form sends one) is refused, not a server error, and changes nothing.
    expect((await admin.client.form("/admin/winnings?year=2039", { intent: "unjoin", walkUpName: "" })).status).toBe(400);
    expect((await year()).map((p) => p.totalCents)).toEqual([70_000]);
    expect((await admin.client.form("/admin/winnings?year=2039", { intent: "unjoin", walkUpName: "Patty  Rivera" })).status).toBe(302);
    expect((await year()).map((p) => p.totalCents)).toEqual([40_000, 30_000]);
  });

  it("marks a tax form due at exactly $600.00 in the API and the CSV, and counts an event of Dec 31 to Jan 1 in its first day's year", async () => {
    const admin = await signedInRider(app, { isAdmin: true });
    const winner = createUser(app.db, { firstName: "Tess", lastName: "Exact" });
    const late = createUser(app.db, { firstName: "Newt", lastName: "Year" });
    publishedEvent(admin.user.id, "2037-06-01", null, [{ riderName: "Tess Exact", userId: winner.id, cents: 60_000 }]);
    publishedEvent(admin.user.id, "2037-12-31", "2038-01-01", [{ riderName: "Newt Year", userId: late.id, cents: 12_345 }]);
    const year = await json(await admin.client.get("/api/admin/winnings?year=2037"));
    expect(year.payees.find((p: Json) => p.payeeName === "Tess Exact")).toMatchObject({ totalCents: 60_000, taxFormDue: true });
    expect(year.payees.find((p: Json) => p.payeeName === "Newt Year")).toMatchObject({ totalCents: 12_345, taxFormDue: false });
    const next = await json(await admin.client.get("/api/admin/winnings?year=2038"));
    expect(next.payees.some((p: Json) => p.payeeName === "Newt Year")).toBe(false);
    const csv = await (await admin.client.get("/api/admin/winnings.csv?year=2037")).text();
    const line = csv.split(/\r?\n/).find((l) => l.startsWith("Tess Exact"));
    expect(line?.split(",").at(-1)).toBe("Yes");
    expect(line).toContain("600.00");
  });
});
