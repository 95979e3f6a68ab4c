import "server-only";
import dns from "node:dns";
import net from "node:net";
import { env } from "@/lib/env";

/**
 * Platform addresses are public unless the operator allows private ones
 * (ALLOW_PRIVATE_PLATFORM_ADDRESSES; on by default with the sandbox and in development): a
 * manager's base URL must not make the server connect to its own ports or the shop's LAN. The
 * host is resolved and every address checked before connecting, and the connection goes to the
 * address that was checked, so a second DNS answer cannot point it elsewhere.
 */
const blocked = new net.BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
] as const)
  blocked.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
] as const)
  blocked.addSubnet(network, prefix, "ipv6");

/** Loopback, private, link-local, shared or unspecified (IPv4-mapped IPv6 included). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const plain = mapped ?? address;
  const family = net.isIP(plain);
  if (family === 0) return false;
  return blocked.check(plain, family === 4 ? "ipv4" : "ipv6");
}

export class PrivateAddressError extends Error {
  readonly code = "EPRIVATEADDRESS";
  constructor(host: string) {
    super(`${host} is a private address; the operator has not allowed private platform addresses`);
  }
}

/** Throws when `hostname` is an IP literal that may not be reached (names are checked by `lookup`). */
export function checkLiteralHost(hostname: string): void {
  const host = hostname.replace(/^\[|\]$/g, "");
  if (!env.allowPrivatePlatformAddresses && net.isIP(host) !== 0 && isPrivateAddress(host))
    throw new PrivateAddressError(host);
}

/** dns.lookup for the platform's connections: refuses a name that resolves to a private address. */
export const guardedLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, "", 0);
    const list = addresses as dns.LookupAddress[];
    if (!env.allowPrivatePlatformAddresses && list.some((entry) => isPrivateAddress(entry.address)))
      return callback(new PrivateAddressError(hostname), "", 0);
    if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    const [first] = list;
    if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), "", 0);
    callback(null, first.address, first.family);
  });
};

/**
 * For a base URL a manager saves: false when its host is, or resolves to, an address that may not
 * be reached. A name that does not resolve now passes (connections are checked again anyway).
 */
export async function platformHostAllowed(baseUrl: string): Promise<boolean> {
  if (env.allowPrivatePlatformAddresses) return true;
  const host = new URL(baseUrl).hostname.replace(/^\[|\]$/g, "");
  if (net.isIP(host) !== 0) return !isPrivateAddress(host);
  const addresses = await dns.promises.lookup(host, { all: true }).catch(() => []);
  return !addresses.some((entry) => isPrivateAddress(entry.address));
}
