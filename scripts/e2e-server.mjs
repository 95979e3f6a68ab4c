// The server the browser tests run against: a production build on E2E_PORT with a fresh,
// temporary data directory, the embedded sandbox, and the simulator slowed down so that the
// tests create the orders they look for.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildIfNeeded } from "./build-if-needed.mjs";
import { nextStartCommand } from "./start-args.mjs";

process.env.NEXT_TELEMETRY_DISABLED = "1";
buildIfNeeded();

const port = process.env.E2E_PORT ?? "3100";
const dataDir = mkdtempSync(path.join(os.tmpdir(), "comanda-e2e-"));
const serverEnv = {
  ...process.env,
  PORT: port,
  DATA_DIR: dataDir,
  SANDBOX_SIMULATOR_INTERVAL_SECONDS: process.env.SANDBOX_SIMULATOR_INTERVAL_SECONDS ?? "600",
  // The tests check the catalogue's hours and the closed-store behaviour: no demo hours here.
  SANDBOX_OPEN_AROUND_THE_CLOCK: process.env.SANDBOX_OPEN_AROUND_THE_CLOCK ?? "false",
  // The browser tests were written against 1.7 platforms (Plataforma B's pause, menu, orders);
  // the demo's 2.0 second platform is kept out of the suite until a spec is written against it.
  SANDBOX_OPEN_DELIVERY: process.env.SANDBOX_OPEN_DELIVERY ?? "1.7",
  POLL_INTERVAL_SECONDS: process.env.POLL_INTERVAL_SECONDS ?? "2",
  // The browser tests always use the embedded sandbox and PGlite.
  DATABASE_URL: "",
  PLATFORM_BASE_URL: "",
  SANDBOX_URL: "",
};

// An admin for the authorization tests, made the way an operator makes the first one.
const created = spawnSync(
  path.join("node_modules", ".bin", "tsx"),
  [
    "--conditions=react-server",
    "scripts/user-create.ts",
    "--email",
    "admin@e2e.comanda",
    "--name",
    "E2E Admin",
    "--role",
    "admin",
    "--password",
    "e2e-admin-password",
  ],
  { stdio: "inherit", env: serverEnv },
);
if (created.status !== 0) process.exit(created.status ?? 1);

// As `npm start` serves it (the HTTP server's limits preloaded), on the loopback address.
const { command, args } = nextStartCommand({ ...serverEnv, BIND_ADDRESS: "127.0.0.1" });
const server = spawn(command, args, { stdio: "inherit", env: serverEnv });

const cleanUp = () => rmSync(dataDir, { recursive: true, force: true });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => {
  cleanUp();
  process.exit(code ?? 0);
});
