import { serve } from "@hono/node-server";
import path from "node:path";
import { parseArgs } from "node:util";
import { createSandboxHost, MAX_PLATFORMS } from "./platforms";
import { parseDialects } from "./v2/dialect";

// Standalone sandbox platform: `npm run sandbox -- --port 4010`. Tests run it as its own process
// so they can restart Comanda while the platform keeps its orders and unacknowledged events.
// `--platforms 2` hosts a second platform at /p2 (platforms.ts); the first stays at the root.
// `--open-delivery 2.0` makes it speak Open Delivery 2.0 rc.2 (`1.7,2.0`: one per platform).

function numberFlag(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0) {
    console.error(`--${name} must be a non-negative number, got "${value}"`);
    process.exit(2);
  }
  return parsed;
}

const { values } = parseArgs({
  options: {
    port: { type: "string" },
    "data-dir": { type: "string" },
    "simulator-interval": { type: "string" },
    "token-ttl": { type: "string" },
    host: { type: "string" },
    // Starts in fuzz mode with this seed (see fuzz.ts); PUT/DELETE /control/fuzz switch it later.
    "fuzz-seed": { type: "string" },
    platforms: { type: "string" },
    // Comma-separated, one per platform ("Plataforma A,Plataforma B" by default for two or more).
    names: { type: "string" },
    // 1.7 (default) or 2.0; comma-separated, one per platform, or one for all.
    "open-delivery": { type: "string" },
  },
});

const platforms = numberFlag("platforms", values.platforms, 1);
if (!Number.isInteger(platforms) || platforms < 1 || platforms > MAX_PLATFORMS) {
  console.error(`--platforms must be a whole number from 1 to ${MAX_PLATFORMS}, got "${values.platforms}"`);
  process.exit(2);
}
const names = values.names?.split(",").map((name) => name.trim());
if (names && (names.length !== platforms || names.some((name) => name === ""))) {
  console.error(`--names needs ${platforms} non-empty names separated by commas, got "${values.names}"`);
  process.exit(2);
}

const dialects = values["open-delivery"] === undefined ? undefined : parseDialects(values["open-delivery"], platforms);
if (typeof dialects === "string") {
  console.error(dialects);
  process.exit(2);
}

const port = numberFlag("port", values.port, 4010);
const host = createSandboxHost({
  platforms,
  ...(names && { names }),
  ...(dialects && { dialects }),
  dataDir: path.resolve(values["data-dir"] ?? "./data/sandbox-standalone"),
  basePath: "",
  simulatorIntervalSeconds: numberFlag("simulator-interval", values["simulator-interval"], 45),
  tokenTtlSeconds: numberFlag("token-ttl", values["token-ttl"], 21_600),
  ...(values["fuzz-seed"] !== undefined && { fuzz: { seed: numberFlag("fuzz-seed", values["fuzz-seed"], 0) } }),
});

// Without --host it listens on every interface, so both localhost (::1) and 127.0.0.1 reach it.
const server = serve({ fetch: host.fetch, port, hostname: values.host }, (info) => {
  const origin = `http://${values.host ?? "localhost"}:${info.port}`;
  // Tests wait for this line (e2e/support/sandbox/process.ts).
  console.log(`Sandbox platform listening on ${origin}`);
  for (const platform of host.platforms())
    console.log(`  ${platform.name}: ${origin}${platform.basePath} (Open Delivery ${platform.openDelivery})`);
});

function shutdown() {
  // Flush first: the snapshot is what the next start reads, the open sockets are not.
  host.stop();
  server.close();
  process.exit(0);
}
process.once("SIGINT", shutdown);
process.once("SIGTERM", shutdown);
