import { describe, expect, it } from "vitest";
import { endpointProblem, isPublicAddress } from "../../app/features/alerts/push-endpoints.server";

describe("isPublicAddress", () => {
  it.each([
    "127.0.0.1",
    "127.8.9.10",
    "::1",
    "::ffff:127.0.0.1",
    "::ffff:10.0.0.1",
    "10.0.0.1",
    "172.16.5.4",
    "192.168.1.1",
    "169.254.169.254",
    "fe80::1",
    "fc00::1",
    "fd12:3456::1",
    "100.64.0.1",
    "224.0.0.251",
    "ff02::1",
    "0.0.0.0",
    "::",
    "255.255.255.255",
    "192.0.2.10",
    "198.18.0.1",
    "240.0.0.1",
    "2001:db8::1",
    "64:ff9b::7f00:1",
    "2002:7f00:1::1",
    "not an address",
  ])("%s is not public", (address) => expect(isPublicAddress(address)).toBe(false));

  it.each(["8.8.8.8", "142.250.72.14", "::ffff:8.8.4.4", "2607:f8b0:4005:80a::200e", "2a00:1450:4001:82b::200a"])("%s is public", (address) =>
    expect(isPublicAddress(address)).toBe(true),
  );
});

describe("endpointProblem", () => {
  it("takes an https host name on the default port", () => {
    expect(endpointProblem("https://fcm.googleapis.com/fcm/send/abc", [])).toBeNull();
    expect(endpointProblem("https://updates.push.services.mozilla.com:443/wpush/v2/abc", [])).toBeNull();
  });

  it("allows the hosts named in PUSH_ALLOWED_HOSTS on any port, over https only", () => {
    expect(endpointProblem("https://localhost:8443/push/x", ["localhost"])).toBeNull();
    expect(endpointProblem("https://PUSH.internal./push/x", ["push.internal"])).toBeNull();
    expect(endpointProblem("http://localhost/push/x", ["localhost"])).toBe("endpoint must be an https URL");
    expect(endpointProblem("https://localhost/push/x", ["push.internal"])).toMatch(/not localhost/);
  });
});
