// @vitest-environment happy-dom
import { act } from "react";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { BoothEntry } from "../../app/features/raceday/booth";
import { BoothScreen } from "../../app/features/raceday/BoothScreen";
import { byId, cleanup, click, pause, renderInRemix, startApi, type, waitFor } from "./harness";

/**
 * The booth's time entry as a timer uses it: the time typed as the eye shows
 * it, Enter, and the gate moves on; barrels, NT, Scratch and Undo Last. What
 * the booth sends reaches a small server here standing in for
 * /api/events/{id}/times, which counts the posts.
 */
const EVENT = "ev1";
const TIMES = `/api/events/${EVENT}/times`;

let api: Awaited<ReturnType<typeof startApi>>;
let stored = 0;
beforeAll(async () => {
  const answer = (key: string) => {
    if (key === `POST ${TIMES}`) return () => ({ status: 201, json: { time: { id: `t${++stored}` } } });
    // Undo names the time in the path: any of them is answered.
    if (key.startsWith(`DELETE ${TIMES}/`)) return () => ({ json: { ok: true } });
    return undefined;
  };
  api = await startApi(new Proxy({}, { get: (_, key) => (typeof key === "string" ? answer(key) : undefined) }));
});
afterAll(() => api.close());
beforeEach(() => {
  api.calls.length = 0;
  localStorage.clear();
});
afterEach(async () => {
  await cleanup();
  localStorage.clear();
});

const entry = (n: number, riderName: string, horseName: string): BoothEntry => ({
  entryId: `e${n}`,
  riderName,
  horseName,
  backNumber: 100 + n,
  position: n,
  dragsBefore: null,
  status: "ENTERED",
});

const data = {
  event: { id: EVENT, name: "Friday Night Barrels", canManage: true, firstDay: "2026-01-02", zone: "America/Chicago" },
  classes: [
    {
      id: "c1",
      name: "Open 4D",
      published: false,
      order: [entry(1, "Casey Reed", "Dash"), entry(2, "Jo Lane", "Pepper"), entry(3, "Sam Holt", "Blue")],
      times: [],
    },
  ],
  userId: "u1",
  classId: "c1",
  formKey: "key1",
};
const Page = () => <BoothScreen data={data} />;

const gateForm = () => document.querySelector<HTMLFormElement>('form[aria-label^="Time for"]')!;
const onGate = () => gateForm()?.getAttribute("aria-label")?.replace("Time for ", "") ?? null;
const timeField = () => byId("booth-time");
const button = (label: string) => [...document.querySelectorAll("button")].find((b) => b.textContent?.trim() === label)!;
const posts = () => api.calls.filter((c) => c.method === "POST" && c.path === TIMES).map((c) => JSON.parse(c.body.toString()) as Record<string, unknown>);

/**
 * Enter in the time field. happy-dom has no implicit submission, so it is
 * done here as a browser does it: unless the key is taken, the form's
 * default button (its first submit button, in document order) is clicked.
 */
async function pressEnter(field: HTMLInputElement) {
  await act(async () => {
    const key = new KeyboardEvent("keydown", { key: "Enter", code: "Enter", bubbles: true, cancelable: true });
    if (!field.dispatchEvent(key)) return;
    field.form?.querySelector<HTMLButtonElement>('button:not([type]), button[type="submit"], input[type="submit"]')?.click();
  });
}

/** Waits until the booth has sent everything and the screen says so. */
// Nothing waits on the device (what was sent stays listed apart until the page's data shows it).
const allSent = () => waitFor(() => !Object.keys(localStorage).some((k) => k.startsWith("cloverleaf-booth:")) && document.body.textContent!.includes("All times sent."));

describe("the booth's time entry", () => {
  it("records the time typed as the timer shows it on Enter, for the rider on the gate, and moves the gate on", async () => {
    await renderInRemix(Page, { path: `/events/${EVENT}/booth` });
    expect(onGate()).toBe("Casey Reed");
    await type(timeField(), "15.482");
    await pressEnter(timeField());
    await allSent();
    expect(posts()).toEqual([{ entryId: "e1", outcome: "TIME", time: "15.482", penalties: 0, clientId: expect.any(String), takenAt: expect.any(String) }]);
    // When the time was taken, by the device's clock.
    expect(Math.abs(Date.parse(String(posts()[0]!.takenAt)) - Date.now())).toBeLessThan(10_000);
    expect(onGate()).toBe("Jo Lane");
    expect(timeField().value).toBe("");
    expect(document.querySelector('[aria-labelledby="runs-heading"]')!.textContent).toContain("15.482");
  });

  it("adds the knocked barrels to what is sent (+5 each)", async () => {
    await renderInRemix(Page, { path: `/events/${EVENT}/booth` });
    await type(timeField(), "16.1");
    await click(document.querySelector<HTMLInputElement>('input[name="penalties"][value="2"]')!);
    await pressEnter(timeField());
    await allSent();
    expect(posts()).toEqual([expect.objectContaining({ entryId: "e1", outcome: "TIME", time: "16.1", penalties: 2 })]);
    expect(document.querySelector('[aria-labelledby="runs-heading"]')!.textContent).toContain("16.1 + 2 barrels");
  });

  it("sends NT and Scratch without a time and moves the gate each time", async () => {
    await renderInRemix(Page, { path: `/events/${EVENT}/booth` });
    await click(button("NT"));
    await waitFor(() => onGate() === "Jo Lane");
    await click(button("Scratch"));
    await waitFor(() => onGate() === "Sam Holt");
    await allSent();
    expect(posts()).toEqual([
      expect.objectContaining({ entryId: "e1", outcome: "NT", time: null, penalties: 0 }),
      expect.objectContaining({ entryId: "e2", outcome: "SCRATCH", time: null, penalties: 0 }),
    ]);
  });

  it.each(["abc", "1000", "15.4821", "0"])("refuses %j with a plain message at the field and sends nothing", async (value) => {
    await renderInRemix(Page, { path: `/events/${EVENT}/booth` });
    await type(timeField(), value);
    await pressEnter(timeField());
    await pause(200);
    expect(document.getElementById("booth-time-error")?.textContent).toBe("Enter the time as the timer shows it, such as 15.482");
    expect(timeField().getAttribute("aria-invalid")).toBe("true");
    expect(timeField().getAttribute("aria-describedby")).toBe("booth-time-error");
    expect(onGate()).toBe("Casey Reed");
    expect(api.calls).toEqual([]);
    expect(localStorage.length).toBe(0);
    // Corrected, the message goes and the time is sent.
    await type(timeField(), "15.48");
    expect(document.getElementById("booth-time-error")).toBeNull();
    await pressEnter(timeField());
    await allSent();
    expect(posts()).toEqual([expect.objectContaining({ entryId: "e1", time: "15.48" })]);
  });

  it("Undo Last takes the last time back and puts its rider back on the gate", async () => {
    await renderInRemix(Page, { path: `/events/${EVENT}/booth` });
    await type(timeField(), "15.482");
    await pressEnter(timeField());
    await allSent();
    expect(onGate()).toBe("Jo Lane");
    const undo = button("Undo Last");
    expect(undo.getAttribute("aria-label")).toBe("Undo last: Casey Reed 15.482");
    await click(undo);
    await waitFor(() => onGate() === "Casey Reed");
    await waitFor(() => api.calls.some((c) => c.method === "DELETE"));
    await allSent();
    // The time is named by its clientId (the page's data has not reloaded with the server's id), once.
    const deletes = api.calls.filter((c) => c.method === "DELETE");
    expect(deletes.map((c) => c.path)).toEqual([`${TIMES}/${String(posts()[0]!.clientId)}`]);
    expect(document.querySelector('[aria-labelledby="runs-heading"]')!.textContent).toContain("No runs yet.");
  });

  it("sends each time once, with a clientId of its own", async () => {
    await renderInRemix(Page, { path: `/events/${EVENT}/booth` });
    await type(timeField(), "15.482");
    await pressEnter(timeField());
    await type(timeField(), "16.003");
    await pressEnter(timeField());
    await allSent();
    // Time for more retries and reloads to send anything twice.
    await pause(500);
    const sent = posts();
    expect(sent.map((p) => [p.entryId, p.time])).toEqual([
      ["e1", "15.482"],
      ["e2", "16.003"],
    ]);
    const ids = sent.map((p) => p.clientId);
    expect(ids.every((id) => typeof id === "string" && id.length >= 16)).toBe(true);
    expect(new Set(ids).size).toBe(2);
    expect(onGate()).toBe("Sam Holt");
  });
});

describe("a booth used before the race's first day", () => {
  const early = { ...data, event: { ...data.event, id: "early-event", firstDay: "2999-06-01" } };
  const EarlyPage = () => <BoothScreen data={early} />;
  const warning = () => document.querySelector('dialog[aria-labelledby="booth-early-title"]');

  it("warns that times taken today count as the race's runs, and asks once", async () => {
    await renderInRemix(EarlyPage, { path: `/events/early-event/booth` });
    await waitFor(() => warning() !== null);
    expect(warning()!.textContent).toContain("This race starts");
    expect(warning()!.textContent).toContain("Times taken today count as its runs");
    await click(button("Take Times Today Anyway"));
    await waitFor(() => warning() === null);
    expect(localStorage.getItem("cloverleaf-booth-early:early-event")).toBe("yes");
  });

  it("puts the warning away for this visit with Not Now, and asks again next time", async () => {
    localStorage.removeItem("cloverleaf-booth-early:early-event");
    await renderInRemix(EarlyPage, { path: `/events/early-event/booth` });
    await waitFor(() => warning() !== null);
    await click(button("Not Now"));
    await waitFor(() => warning() === null);
    expect(localStorage.getItem("cloverleaf-booth-early:early-event")).toBeNull();
  });

  it("says nothing on or after the first day", async () => {
    await renderInRemix(Page, { path: `/events/${EVENT}/booth` });
    await waitFor(() => document.body.textContent!.includes("All times sent."));
    expect(warning()).toBeNull();
  });
});
