// Preloaded into the webhook bench's server with `--steps` (scripts/bench/webhook.ts), never in
// production: timestamps of the webhook path's steps, taken from Node's diagnostics channels, the
// process's change bus and the SSE responses' writes, without touching Comanda's code. Written as
// JSON lines to BENCH_STEPS_FILE: { at (ms since the epoch, sub-millisecond), step, path }.
import diagnostics from "node:diagnostics_channel";
import { appendFileSync } from "node:fs";
import http from "node:http";
import { performance } from "node:perf_hooks";

const file = process.env.BENCH_STEPS_FILE;
const records = [];
const now = () => performance.timeOrigin + performance.now();
const note = (step, path) => records.push({ at: now(), step, path });
const flush = () => {
  if (records.length === 0 || !file) return;
  appendFileSync(
    file,
    records
      .splice(0)
      .map((r) => JSON.stringify(r))
      .join("\n") + "\n",
  );
};
setInterval(flush, 500).unref();
process.on("exit", flush);

// The sandbox's webhook push (fetch, undici) leaving.
diagnostics.subscribe("undici:request:create", ({ request }) => {
  if (String(request.path).includes("/newEvent")) note("webhook POST sent", request.path);
});
// Requests arriving at this server: the webhook at Comanda's route, the details read and the
// acknowledgment at the embedded sandbox.
diagnostics.subscribe("http.server.request.start", ({ request }) => {
  if (/newEvent|\/orders\/|acknowledgment/.test(request.url)) note("server request in", request.url);
});
diagnostics.subscribe("http.server.response.finish", ({ request }) => {
  if (/newEvent|\/orders\/|acknowledgment/.test(request.url)) note("server response out", request.url);
});
// Comanda's platform client (node:http) sending the details read and the acknowledgment.
diagnostics.subscribe("http.client.request.start", ({ request }) => {
  if (/\/orders\/|acknowledgment/.test(request.path)) note("client request out", request.path);
});
// The board's stream writing an order message.
const write = http.ServerResponse.prototype.write;
http.ServerResponse.prototype.write = function (chunk, ...rest) {
  if (this.req?.url?.startsWith("/api/board/stream") && chunk && Buffer.from(chunk).includes("event: order"))
    note("SSE written", this.req.url);
  return write.call(this, chunk, ...rest);
};
// The change bus (lib/realtime/bus.ts's boardWrites, a process singleton): a board write
// committed and announced.
const bus = setInterval(() => {
  const announced = globalThis[Symbol.for("comanda.boardWrites.announced")];
  if (!announced) return;
  clearInterval(bus);
  announced.subscribe((change) => note("change bus", change.id));
}, 200);
bus.unref();
// PGlite's time (the process's database, lib/db's singleton): each protocol exchange, start and
// duration, so the breakdown says how much of each step is the database.
const database = setInterval(() => {
  const slot = globalThis[Symbol.for("comanda.db")];
  if (!slot?.handle) return;
  clearInterval(database);
  void slot.handle.then(({ db, kind }) => {
    if (kind !== "pglite") return;
    const client = db.$client;
    for (const method of ["execProtocolStream", "execProtocol"]) {
      const original = client[method];
      if (typeof original !== "function") continue;
      client[method] = async function (...args) {
        const start = now();
        try {
          return await original.apply(this, args);
        } finally {
          records.push({ at: start, step: "db", path: String(now() - start) });
        }
      };
    }
  });
}, 200);
database.unref();
