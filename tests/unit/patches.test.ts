import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * patches/ holds small speed fixes to the router packages (bench/README.md,
 * "Profiles"). patch-package applies them after `npm install` and stops on a
 * patch that does not apply; this test also stops an upgrade that would leave
 * a fix silently out: each patch names the version it was made for, and the
 * installed file must carry the fix's marker.
 */
const PATCHES = path.resolve("patches");
const MARKER = "Cloverleaf (patches/)";

const patches = fs.readdirSync(PATCHES).filter((file) => file.endsWith(".patch"));

describe("patches/", () => {
  it("has the router speed fixes", () => {
    expect(patches.length).toBeGreaterThanOrEqual(3);
  });

  it.each(patches)("%s is applied to the version it was made for", (file) => {
    const [, name, version] = /^(.+)\+(\d+\.\d+\.\d+)\.patch$/.exec(file) ?? [];
    const pkg = name!.replace("+", "/");
    const installed = JSON.parse(fs.readFileSync(path.resolve("node_modules", pkg, "package.json"), "utf8")) as { version: string };
    expect(installed.version, `${pkg} was upgraded: re-make or drop patches/${file}`).toBe(version);
    const patched = [...fs.readFileSync(path.join(PATCHES, file), "utf8").matchAll(/^\+\+\+ b\/node_modules\/(.+)$/gm)].map((m) => m[1]!);
    expect(patched.length).toBeGreaterThan(0);
    for (const target of patched) expect(fs.readFileSync(path.resolve("node_modules", target), "utf8")).toContain(MARKER);
  });

  // The server reads turbo-stream's CommonJS build (through @remix-run/server-runtime), the one patched.
  const turbo = createRequire(import.meta.url)("turbo-stream") as {
    encode: (input: unknown) => ReadableStream<Uint8Array>;
    encodeWhole: (input: unknown) => string | null;
  };

  it("encodes data without a promise at once, to the text turbo-stream's stream carries", async () => {
    const shared = { name: "Dash" };
    const data = { when: new Date(0), list: [1, null, undefined, -0, "x"], map: new Map([["k", shared]]), again: shared, set: new Set([2]) };
    const streamed = await new Response(turbo.encode(data)).text();
    expect(turbo.encodeWhole(data)).toBe(streamed);
    expect(turbo.encodeWhole(undefined)).toBe(await new Response(turbo.encode(undefined)).text());
  });

  it("leaves data with a promise in it to the stream", () => {
    expect(turbo.encodeWhole({ later: Promise.resolve(1) })).toBeNull();
  });
});
