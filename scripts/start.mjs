// `npm start`: build if needed, then serve Comanda (embedded sandbox unless a platform is set).
import { spawn } from "node:child_process";
import path from "node:path";
import { buildIfNeeded } from "./build-if-needed.mjs";

process.env.NEXT_TELEMETRY_DISABLED = "1";
buildIfNeeded();

const port = process.env.PORT ?? "3000";
// next start is run directly (not through npx) so that stopping this process frees the port.
const server = spawn(path.join("node_modules", ".bin", "next"), ["start", "--port", port], {
  stdio: "inherit",
  env: process.env,
});
console.log(`Comanda: http://localhost:${port}  (kitchen board: http://localhost:${port}/board)`);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
