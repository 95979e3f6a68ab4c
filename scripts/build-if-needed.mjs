// Builds the Next.js app when there is no build yet, or when a source file changed since the
// last one, so that `npm start` on a fresh clone (or after a pull) serves current code.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const sources = [
  "app",
  "components",
  "lib",
  "public",
  "instrumentation.ts",
  // The HTTP edge (Next.js's proxy, formerly middleware): built into the server like the rest.
  "proxy.ts",
  "next.config.mjs",
  "package-lock.json",
  "postcss.config.mjs",
  "tsconfig.json",
];

function newestChange(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestChange(path.join(entry, child)));
  return newest;
}

export function buildIfNeeded() {
  const marker = path.join(".next", "BUILD_ID");
  const builtAt = existsSync(marker) ? statSync(marker).mtimeMs : 0;
  const changedAt = Math.max(...sources.map(newestChange));
  if (builtAt > changedAt) return;
  console.log(builtAt === 0 ? "No build yet: building Comanda…" : "Sources changed since the last build: rebuilding…");
  const result = spawnSync(path.join("node_modules", ".bin", "next"), ["build"], {
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
