import dns from "node:dns";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";

/*
 * Web Push goes only to push services on the public internet. A push
 * endpoint is a URL a signed-in rider hands the server, which then POSTs to
 * it: without these checks anyone could make the server send requests into
 * its own network (a cloud's metadata service, an admin port on loopback).
 *
 * When a subscription is saved, the endpoint as written must be https, on
 * the default port, and name a host that is neither localhost nor an IP
 * address (no lookup then: a name that does not resolve yet is not refused
 * for that). When sending, the name is resolved and every address it has
 * must be public; the connection goes to the address checked (the agent's
 * own lookup), so a name cannot answer a public address to the check and a
 * private one to the connection. web-push follows no redirects.
 *
 * PUSH_ALLOWED_HOSTS names hosts allowed whatever they resolve to and on
 * any port (an internal push service; the tests' own): still https.
 */

/** Why an endpoint is refused, as the API's `message`; null when it may be saved. */
export function endpointProblem(endpoint: string, allowedHosts: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return "endpoint must be an https URL";
  }
  if (url.protocol !== "https:") return "endpoint must be an https URL";
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  if (allowedHosts.includes(host)) return null;
  if (url.port !== "" && url.port !== "443") return "endpoint must be on the default https port (443)";
  if (isIP(host.replace(/^\[|\]$/g, ""))) return "endpoint must name a push service by its host name, not an IP address";
  if (host === "localhost" || host.endsWith(".localhost")) return "endpoint must be a push service on the internet, not localhost";
  return null;
}

/**
 * Whether an address is on the public internet: plain unicast, after an
 * IPv4-mapped IPv6 address is read as the IPv4 address it carries. Loopback,
 * private, link-local, carrier-grade NAT, unique-local, multicast,
 * unspecified, documentation and every other special range (6to4, NAT64,
 * Teredo too: they can reach inside) are not.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === "unicast";
}

/** The error a send fails with when the endpoint's name resolves to an address that is not public. */
export class PrivateAddressError extends Error {
  constructor(host: string, address: string) {
    super(`${host} resolves to ${address}, which is not a public internet address: not contacted`);
    this.name = "PrivateAddressError";
  }
}

type Address = { address: string; family: number };

/**
 * A lookup for the push agent: resolves the name (every address), refuses
 * it when any address is not public (unless the host is allowed), and
 * answers the checked address(es) to the connection.
 */
export function checkedLookup(allowedHosts: readonly string[]): LookupFunction {
  return (hostname, options, callback) => {
    // dns.lookup is read here, at each call: the tests stand a resolver in for it.
    dns.lookup(hostname, { all: true, family: options.family, hints: options.hints }, (error, found) => {
      if (error) return callback(error, "", 0);
      const addresses = found as Address[];
      const host = hostname.toLowerCase().replace(/\.$/, "");
      if (!allowedHosts.includes(host)) {
        const inside = addresses.find((a) => !isPublicAddress(a.address));
        if (inside || addresses.length === 0) return callback(new PrivateAddressError(host, inside?.address ?? "nothing"), "", 0);
      }
      if (options.all) return (callback as unknown as (e: null, all: Address[]) => void)(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/**
 * The agent push requests go through: every connection looks its host up
 * with checkedLookup. No keep-alive, so each send looks up again. Its TLS
 * trust is the process's default agent's (the tests add their push
 * service's certificate there).
 */
export function pushAgent(allowedHosts: readonly string[]) {
  const defaults = (https.globalAgent as https.Agent & { options: https.AgentOptions }).options;
  return new https.Agent({ keepAlive: false, lookup: checkedLookup(allowedHosts), ...(defaults.ca ? { ca: defaults.ca } : {}) });
}
