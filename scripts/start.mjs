// `npm start`: build if needed, then serve Comanda (embedded sandbox unless a platform is set) in
// this very process: no parent kept only to forward signals, which was a Node.js process of its
// own (~47 MB RSS; issue 31, point 4). Stopping npm stops this process, which frees the port.
//
// package.json's start script sets MALLOC_ARENA_MAX=2 (unless the user set it) before Node.js
// starts, glibc reading it once, at process start: glibc gives threads that allocate (libuv's
// pool, V8's helper threads) arenas of their own, up to 8 per core, each keeping what it freed; an
// idle server held 60–85 MB more RSS with glibc's default than with two. Two serve a process whose
// JavaScript runs on one thread. It also sets MALLOC_MMAP_THRESHOLD_=131072: glibc raises its
// threshold (up to 32 MB) each time a large block it mapped is freed, and from then on serves
// blocks that large from its heap, which it rarely gives back; startup's peak (~750 MB) left an
// idle tree 40 MB larger (394–397 MB against 353–357 MB, 90 s idle, one run each). A fixed
// threshold keeps large blocks mapped, returned to the system when freed. Other C libraries
// ignore both variables.
import http from "node:http";
import { createRequire } from "node:module";
import { buildIfNeeded } from "./build-if-needed.mjs";
import { installHttpLimits } from "./http-limits.mjs";
import { bindAddress, nextStartArgs } from "./start-args.mjs";

process.env.NEXT_TELEMETRY_DISABLED = "1";
// Comanda handles SIGTERM and SIGINT itself (lib/process/signals.ts): leases let go and streams
// ended before exit.
process.env.NEXT_MANUAL_SIG_HANDLE = "1";
buildIfNeeded();

// The HTTP server's limits (scripts/http-limits.mjs), installed before Next.js creates its server.
installHttpLimits(http, process.env);

const port = process.env.PORT ?? "3000";
const host = bindAddress(process.env);
const shown = !host || host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
console.log(`Comanda: http://${shown}:${port}  (kitchen board: http://${shown}:${port}/board)`);

// `next start` with its arguments, as its own command line would run it.
const require = createRequire(import.meta.url);
const next = require.resolve("next/dist/bin/next");
process.argv = [process.argv[0], next, ...nextStartArgs(process.env)];
require(next);
