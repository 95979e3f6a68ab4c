import { serve } from "@hono/node-server";
import path from "node:path";
import { parseArgs } from "node:util";
import { createSandbox } from "./index";

// Standalone sandbox platform: `npm run sandbox -- --port 4010`. Tests run it as its own process
// so they can restart Comanda while the platform keeps its orders and unacknowledged events.

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
  },
});

const port = numberFlag("port", values.port, 4010);
const sandbox = createSandbox({
  dataDir: path.resolve(values["data-dir"] ?? "./data/sandbox-standalone"),
  basePath: "",
  simulatorIntervalSeconds: numberFlag("simulator-interval", values["simulator-interval"], 45),
  tokenTtlSeconds: numberFlag("token-ttl", values["token-ttl"], 21_600),
  ...(values["fuzz-seed"] !== undefined && { fuzz: { seed: numberFlag("fuzz-seed", values["fuzz-seed"], 0) } }),
});

// Without --host it listens on every interface, so both localhost (::1) and 127.0.0.1 reach it.
const server = serve({ fetch: sandbox.app.fetch, port, hostname: values.host }, (info) => {
  console.log(`Sandbox platform listening on http://${values.host ?? "localhost"}:${info.port}`);
});

function shutdown() {
  // Flush first: the snapshot is what the next start reads, the open sockets are not.
  sandbox.stop();
  server.close();
  process.exit(0);
}
process.once("SIGINT", shutdown);
process.once("SIGTERM", shutdown);
