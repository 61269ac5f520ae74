import dns from "node:dns";
import { afterEach, describe, expect, it, vi } from "vitest";
import { checkedLookup, PrivateAddressError } from "../../app/features/alerts/push-endpoints.server";

/**
 * The push agent's lookup, with a stubbed resolver standing in for DNS:
 * nothing is looked up or contacted outside this process. A name is
 * refused when any of its addresses is not public, wherever that address
 * comes in the answer (a resolver may list the public one first).
 */

type Address = { address: string; family: number };
let resolver: { mockRestore(): void } | undefined;
afterEach(() => {
  resolver?.mockRestore();
  resolver = undefined;
});

function resolveAs(answer: Address[]) {
  const asked: string[] = [];
  resolver = vi.spyOn(dns, "lookup").mockImplementation(((hostname: string, _options: unknown, callback: (error: null, all: Address[]) => void) => {
    asked.push(hostname);
    process.nextTick(() => callback(null, answer));
  }) as unknown as typeof dns.lookup);
  return asked;
}

function lookup(host: string, all = false) {
  return new Promise<{ error: Error | null; address: unknown }>((resolve) => {
    checkedLookup([])(host, { all, family: 0 } as never, ((error: Error | null, address: unknown) => resolve({ error, address })) as never);
  });
}

describe("the push agent's lookup", () => {
  it.each([
    ["a private address after a public one", [{ address: "93.184.216.34", family: 4 }, { address: "10.0.0.5", family: 4 }], "10.0.0.5"],
    ["loopback after a public one", [{ address: "93.184.216.34", family: 4 }, { address: "127.0.0.1", family: 4 }], "127.0.0.1"],
    ["a link-local IPv6 address after a public IPv6 one", [{ address: "2606:2800:220:1:248:1893:25c8:1946", family: 6 }, { address: "fe80::1", family: 6 }], "fe80::1"],
    ["the cloud's metadata address third", [{ address: "93.184.216.34", family: 4 }, { address: "93.184.216.35", family: 4 }, { address: "169.254.169.254", family: 4 }], "169.254.169.254"],
  ])("refuses a host that resolves to %s", async (_case, answer, inside) => {
    const asked = resolveAs(answer);
    for (const all of [false, true]) {
      const { error, address } = await lookup("push.rebound.example", all);
      expect(error).toBeInstanceOf(PrivateAddressError);
      expect(error!.message).toBe(`push.rebound.example resolves to ${inside}, which is not a public internet address: not contacted`);
      expect(address).toBe("");
    }
    expect(asked).toEqual(["push.rebound.example", "push.rebound.example"]);
  });

  it("answers a host whose every address is public", async () => {
    resolveAs([{ address: "93.184.216.34", family: 4 }, { address: "93.184.216.35", family: 4 }]);
    expect(await lookup("push.example.com")).toEqual({ error: null, address: "93.184.216.34" });
    expect((await lookup("push.example.com", true)).address).toEqual([{ address: "93.184.216.34", family: 4 }, { address: "93.184.216.35", family: 4 }]);
  });
});
