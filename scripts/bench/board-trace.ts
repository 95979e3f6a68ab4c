/**
 * Summarises a trace of the board bench's stream updates (`BOARD_BENCH_TRACE=file.json npx tsx
 * scripts/bench/board.ts`, then `npx tsx scripts/bench/board-trace.ts file.json`): for each message
 * that changed the board, the renderer main thread's time from the message to the frame showing it,
 * by kind of work (each event's own time, less the events inside it): script, style, layout, paint…
 */
import { readFileSync } from "node:fs";

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: {
    name?: string;
    data?: {
      functionName?: string;
      url?: string;
      startTime?: number;
      cpuProfile?: { nodes?: Array<{ id: number; callFrame: CallFrame }>; samples?: number[] };
      timeDeltas?: number[];
    };
  };
};

const file = process.argv[2];
if (!file) throw new Error("usage: board-trace.ts trace.json");
const parsed = JSON.parse(readFileSync(file, "utf8")) as TraceEvent[] | { traceEvents: TraceEvent[] };
const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
const main = events.find(
  (event) =>
    event.name === "thread_name" &&
    event.args?.name === "CrRendererMain" &&
    events.some((other) => other.pid === event.pid && other.name === "bench:message"),
);
if (!main) throw new Error("no renderer main thread with the bench's marks");
const onMain = events.filter((event) => event.pid === main.pid && event.tid === main.tid);
const marks = (name: string) => onMain.filter((event) => event.name === name).map((event) => event.ts);
const messages = marks("bench:message");
const frames = marks("bench:frame");
const samples = profileSamples();
const complete = onMain
  .filter((event) => event.ph === "X" && event.dur !== undefined)
  .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);

for (const start of messages) {
  const end = frames.find((time) => time > start);
  if (end === undefined) continue;
  const next = messages.find((time) => time > start);
  if (next !== undefined && next < end) continue; // a message that did not change the board itself
  // Self time: each event's duration less its children's, within [start, end].
  const self = new Map<string, number>();
  const stack: Array<{ event: TraceEvent; end: number }> = [];
  for (const event of complete) {
    const eventEnd = event.ts + event.dur!;
    if (eventEnd < start || event.ts > end) continue;
    while (stack.length > 0 && stack.at(-1)!.end <= event.ts) stack.pop();
    const clipped = Math.min(eventEnd, end) - Math.max(event.ts, start);
    const parent = stack.at(-1);
    if (parent) self.set(label(parent.event), (self.get(label(parent.event)) ?? 0) - clipped);
    self.set(label(event), (self.get(label(event)) ?? 0) + clipped);
    stack.push({ event, end: eventEnd });
  }
  const rows = [...self].filter(([, us]) => us > 200).sort((a, b) => b[1] - a[1]);
  console.log(`message → frame ${((end - start) / 1000).toFixed(1)} ms:`);
  for (const [name, us] of rows.slice(0, 14)) console.log(`  ${(us / 1000).toFixed(1).padStart(6)} ms  ${name}`);
  // The script's own functions (V8's samples, about one per 0.1–1 ms; where the trace has them).
  const byFunction = new Map<string, number>();
  for (const sample of samples) {
    if (sample.ts < start || sample.ts > end || sample.frame.functionName.startsWith("(")) continue;
    const { functionName, url, lineNumber, columnNumber } = sample.frame;
    const key = `${functionName || "(anonymous)"} ${(url ?? "").split("/").pop()}:${lineNumber}:${columnNumber}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + sample.us);
  }
  for (const [name, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 12))
    console.log(`    ${(us / 1000).toFixed(1).padStart(6)} ms  sampled in ${name}`);
}

/** The renderer main thread's V8 samples (disabled-by-default-v8.cpu_profiler): each with its time and frame. */
function profileSamples(): Array<{ ts: number; us: number; frame: CallFrame }> {
  const profile = onMain.find((event) => event.name === "Profile");
  const chunks = events.filter((event) => event.name === "ProfileChunk" && event.id === profile?.id);
  const frames = new Map<number, CallFrame>();
  const result: Array<{ ts: number; us: number; frame: CallFrame }> = [];
  let ts = profile?.args?.data?.startTime ?? 0;
  for (const chunk of chunks) {
    const data = chunk.args?.data;
    for (const node of data?.cpuProfile?.nodes ?? []) frames.set(node.id, node.callFrame);
    (data?.cpuProfile?.samples ?? []).forEach((id, index) => {
      const delta = data?.timeDeltas?.[index] ?? 0;
      ts += delta;
      const frame = frames.get(id);
      if (frame) result.push({ ts, us: delta, frame });
    });
  }
  return result;
}

function label(event: TraceEvent): string {
  const fn = event.args?.data?.functionName;
  return fn ? `${event.name} ${fn}` : event.name;
}
