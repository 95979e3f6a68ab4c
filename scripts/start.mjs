// `npm start`: build if needed, then serve Comanda (embedded sandbox unless a platform is set).
import { spawn } from "node:child_process";
import { buildIfNeeded } from "./build-if-needed.mjs";
import { bindAddress, nextStartCommand, nextStartEnv } from "./start-args.mjs";

process.env.NEXT_TELEMETRY_DISABLED = "1";
// Comanda handles SIGTERM itself (lib/process/signals.ts): leases let go and streams ended before exit.
process.env.NEXT_MANUAL_SIG_HANDLE = "1";
buildIfNeeded();

const port = process.env.PORT ?? "3000";
// next start with the HTTP server's limits (scripts/http-limits.mjs), run directly so that
// stopping this process frees the port.
const { command, args } = nextStartCommand(process.env);
const server = spawn(command, args, { stdio: "inherit", env: nextStartEnv(process.env) });
const host = bindAddress(process.env);
const shown = !host || host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
console.log(`Comanda: http://${shown}:${port}  (kitchen board: http://${shown}:${port}/board)`);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
