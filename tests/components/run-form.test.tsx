// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import RunForm, { type RunFormProps } from "../../app/features/runs/RunForm";
import { blur, byId, cleanup, errorsOf, renderInRemix, type } from "./harness";

/**
 * The run form's time field and "Run at", checked on the phone with the
 * server's own rules and messages (app/schemas/run-rules.ts): a message
 * shows by the field when it loses focus, and goes once the value is right.
 */
afterEach(cleanup);

const props: RunFormProps = {
  mode: "create",
  clientId: "run-1",
  userId: "u1",
  onKept: () => {},
  horses: [],
  zone: "America/Chicago",
  runAtNow: "2026-06-01T14:30",
  riders: [],
  events: [],
  solo: false,
  sending: false,
};
const Page = () => <RunForm {...props} />;

async function timeMessage(value: string) {
  const time = byId("add-run-time");
  await type(time, value);
  await blur(time);
  return errorsOf("add-run-time");
}

describe("the run form's time", () => {
  it.each(["15.482", "15.48s", "15.48 sec", "0:15.482", "15,482", "1:02.5", " 15.4 "])("takes %j as a time", async (value) => {
    await renderInRemix(Page);
    expect(await timeMessage(value)).toBe("");
    expect(byId("add-run-time").getAttribute("aria-invalid")).toBeNull();
  });

  it.each([
    ["abc", "Time must be in seconds, like 15.482"],
    ["15.4.8", "Time must be in seconds, like 15.482"],
    ["15.4821", "Time can have at most 3 decimals, like 15.482"],
    ["0:75.1", "Seconds after the colon must be under 60, like 0:15.482"],
    ["0", "Time must be more than 0 seconds"],
    ["-15.2", "Time must be more than 0 seconds"],
    ["600", "Time must be under 600 seconds (10 minutes)"],
  ])("refuses %j: %s", async (value, message) => {
    await renderInRemix(Page);
    expect(await timeMessage(value)).toBe(message);
    expect(byId("add-run-time").getAttribute("aria-invalid")).toBe("true");
  });

  it("clears the message as the time is corrected", async () => {
    await renderInRemix(Page);
    expect(await timeMessage("15.4821")).not.toBe("");
    await type(byId("add-run-time"), "15.482");
    expect(errorsOf("add-run-time")).toBe("");
  });
});

describe("the run form's Run at", () => {
  it.each([
    ["1989-12-31T23:59", "Run time must be in 1990 or later"],
    ["2999-01-01T10:00", "Run time can't be in the future"],
  ])("refuses %s on the phone as the server does: %s", async (value, message) => {
    await renderInRemix(Page);
    const runAt = byId("add-run-runAt");
    runAt.type = "text"; // typed as text, as where the browser has no picker
    await type(runAt, value);
    await blur(runAt);
    expect(errorsOf("add-run-runAt")).toBe(message);
  });

  it("takes a time in 1990 or later", async () => {
    await renderInRemix(Page);
    const runAt = byId("add-run-runAt");
    await type(runAt, "1990-01-02T08:00");
    await blur(runAt);
    expect(errorsOf("add-run-runAt")).toBe("");
  });
});

describe("the arena name", () => {
  it("says it is required, and its limit, in plain words", async () => {
    await renderInRemix(Page);
    const arena = byId("add-run-arenaName");
    await type(arena, "   ");
    await blur(arena);
    expect(errorsOf("add-run-arenaName")).toBe("Arena name is required");
  });
});
