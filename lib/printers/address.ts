import "server-only";
import dns from "node:dns";
import net from "node:net";
import { env } from "@/lib/env";

/**
 * Which machines a kitchen printer entry may make the server connect to. Printers live on the
 * shop's LAN, so private addresses (10/8, 172.16/12, 192.168/16, fc00::/7) are allowed — unlike
 * platform URLs (lib/platform/address-guard.ts). Refused: the unspecified address, link-local
 * (169.254/16 holds the cloud metadata service, fe80::/10) and, in production unless
 * ALLOW_LOOPBACK_PRINTERS, loopback (the server's own ports: its database, its admin endpoints).
 * Checked when a manager saves and again on every connection, on the address actually dialled,
 * so a name re-pointed later at a refused address is refused too.
 */
const alwaysRefused = new net.BlockList();
alwaysRefused.addSubnet("0.0.0.0", 8, "ipv4");
alwaysRefused.addSubnet("169.254.0.0", 16, "ipv4");
alwaysRefused.addSubnet("::", 128, "ipv6");
alwaysRefused.addSubnet("fe80::", 10, "ipv6");
const loopback = new net.BlockList();
loopback.addSubnet("127.0.0.0", 8, "ipv4");
loopback.addSubnet("::1", 128, "ipv6");

/** Why an address may not be a printer's, or null when it may. */
export function refusedPrinterAddress(address: string): "loopback" | "link-local or unspecified" | null {
  const plain = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? address;
  const family = net.isIP(plain);
  if (family === 0) return null;
  const type = family === 4 ? "ipv4" : "ipv6";
  if (alwaysRefused.check(plain, type)) return "link-local or unspecified";
  if (!env.allowLoopbackPrinters && loopback.check(plain, type)) return "loopback";
  return null;
}

export class RefusedPrinterAddressError extends Error {
  readonly code = "EPRINTERADDRESS";
  constructor(host: string, why: string) {
    super(`${host} is a ${why} address, which a kitchen printer may not have`);
  }
}

/**
 * For a host a manager saves: the reason it is refused, or null. A name that does not resolve now
 * passes (the printer may be off the network); its connections are checked anyway.
 */
export async function printerHostRefusal(host: string): Promise<string | null> {
  if (net.isIP(host) !== 0) return refusedPrinterAddress(host);
  if (/^localhost$|\.localhost$|^metadata(\.|$)/i.test(host)) return "loopback or metadata";
  const addresses = await dns.promises.lookup(host, { all: true }).catch(() => []);
  for (const entry of addresses) {
    const why = refusedPrinterAddress(entry.address);
    if (why) return why;
  }
  return null;
}

/** dns.lookup for printer connections: refuses a name that resolves to a refused address. */
export const printerLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, "", 0);
    const list = addresses as dns.LookupAddress[];
    for (const entry of list) {
      const why = refusedPrinterAddress(entry.address);
      if (why) return callback(new RefusedPrinterAddressError(hostname, why), "", 0);
    }
    if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    const [first] = list;
    if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), "", 0);
    callback(null, first.address, first.family);
  });
};
