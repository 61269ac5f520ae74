import fs from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * The server runs with the same Node flags however it is started: `npm
 * start` (package.json) and the container (the Dockerfile's CMD). The young
 * generation's size is one of them (bench/README.md, "Memory of a worker").
 */
const startFlags = (JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: { start: string } }).scripts.start.split(" ").filter((a) => a.startsWith("--"));
const cmd = /^CMD (\[.*\])$/m.exec(fs.readFileSync("Dockerfile", "utf8"))?.[1];
const cmdFlags = (JSON.parse(cmd ?? "[]") as string[]).filter((a) => a.startsWith("--"));

describe("the server's Node flags", () => {
  it("size the young generation at 16 MB a semi-space in npm start", () => {
    expect(startFlags).toContain("--max-semi-space-size=16");
  });

  it("are the same in the container, beside its source maps", () => {
    expect(cmdFlags.filter((f) => f !== "--enable-source-maps")).toEqual(startFlags);
  });
});
