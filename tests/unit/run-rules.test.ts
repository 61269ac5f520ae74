import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import type { FieldMessages } from "~/schemas/auth-rules";
import { checkRun, readRunTime, RUN_MESSAGES } from "~/schemas/run-rules";
import { runLogSchema } from "~/schemas/runs";

/**
 * The browser checks the run form with the zod-free rules of run-rules.ts;
 * the server parses it with the zod schema. For each awkward value of each
 * field, both must give the same messages on the same fields.
 */
function form(values: Record<string, string | string[] | undefined>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(values)) for (const one of Array.isArray(v) ? v : v === undefined ? [] : [v]) fd.append(k, one);
  return fd;
}

function serverMessages(fd: FormData): FieldMessages {
  const reply = parseWithZod(fd, { schema: runLogSchema }).reply();
  const out: FieldMessages = {};
  for (const [name, messages] of Object.entries(reply.error ?? {})) if (messages?.length) out[name] = messages;
  return out;
}

const VALUES: Record<string, (string | string[] | undefined)[]> = {
  arenaName: [undefined, "", "   ", "Cowtown", ` ${"a".repeat(100)} `, "a".repeat(101)],
  arenaType: [undefined, "", "none", "indoor", "outdoor", "barn"],
  horseName: [undefined, "", "  ", "Dash", "h".repeat(60), "h".repeat(61)],
  eventId: [undefined, "none", "", "evt-1", "e".repeat(65)],
  riderId: [undefined, "none", "", "3", " 3 ", "0", "-2", "1.5", "abc"],
  time: [undefined, "", "  ", "15.482", "15.48s", "0:15.482", "1:02.5", "fast", "999", "-15.2", "0", "15.4821", "1:75", "600", "599.999", "15,48", ".", "NT", "nt", "N/T"],
  rating: [undefined, "", "none", "1", "5", "0", "6", "2.5", "x"],
  placement: [undefined, "", "none", "1st", "Placed", "1D 3rd", "4D Placed", "EXPO", "5D 1st", "6th"],
  tags: [undefined, [], ["clean-run"], ["clean-run", "clean-run"], ["clean-run", "fast"]],
  notes: [undefined, "", "n".repeat(1000), "n".repeat(1001)],
  groundCondition: [undefined, "Deep", "g".repeat(41)],
  weather: [undefined, "Hot", "w".repeat(41)],
  videoUrl: [undefined, "", "https://youtu.be/abc", "/uploads/abcdefghijklmnopqrstuv.mp4", "not a link", "javascript:alert(1)", `https://x.example/${"v".repeat(500)}`],
  privacy: [undefined, "", "none", "PRIVATE", "PUBLIC", "FRIENDS"],
  clientId: [undefined, "phone-1", "c".repeat(65)],
};

describe("run form rules agree with the zod schema", () => {
  for (const [field, values] of Object.entries(VALUES)) {
    it(field, () => {
      for (const value of values) {
        const fd = () => form({ arenaName: "Cowtown", [field]: value });
        expect(checkRun(fd()), `${field}=${JSON.stringify(value)}`).toEqual(serverMessages(fd()));
      }
    });
  }
});

describe("time messages say what is wrong", () => {
  it.each([
    ["999", RUN_MESSAGES.timeTooLong],
    ["600", RUN_MESSAGES.timeTooLong],
    ["-15.2", RUN_MESSAGES.timeNotPositive],
    ["0", RUN_MESSAGES.timeNotPositive],
    ["15.4821", RUN_MESSAGES.timeDecimals],
    ["1:75", RUN_MESSAGES.timeClockSeconds],
    ["fast", RUN_MESSAGES.time],
    ["15.4.2", RUN_MESSAGES.time],
  ])("%j: %s", (input, message) => {
    expect(readRunTime(input)).toEqual({ error: message });
  });

  it("names the range for an out-of-range time", () => {
    expect(RUN_MESSAGES.timeTooLong).toBe("Time must be under 600 seconds (10 minutes)");
    expect(RUN_MESSAGES.timeNotPositive).toBe("Time must be more than 0 seconds");
  });
});
