// `npm run chaos -- [--minutes=20] [--rate=10]` (needs TEST_DATABASE_URL): three Comanda instances
// (e2e/support/poller-instance.ts, real processes) share 20 sandbox stores on one PostgreSQL while
// orders arrive at a steady rate; each instance reaches the database through its own TCP proxy.
// Once each, spread over the run: instance A's connections frozen without a reset, the database
// away (every connection reset and refused for 15 s: a restart), the leader killed (-9) and
// started again, the leader stopped (SIGSTOP) past its leases and continued. At the end: every
// order stored once, every instance's stream got every order once, and how long each fault took
// to recover from: the first order placed after it, and when each board had it (a killed
// instance's board comes back with its new process).
import { inArray } from "drizzle-orm";
import { BoardStreamClient } from "@/e2e/support/board-stream-client";
import { createTestDatabase } from "@/e2e/support/database";
import { FreezingProxy } from "@/e2e/support/freezing-proxy";
import { InstanceProcesses } from "@/e2e/support/instances";
import { freePort, startSandboxProcess } from "@/e2e/support/sandbox-process";
import { provisionSharedStores } from "@/e2e/support/shared-stores";
import { placeOrdersSteadily } from "@/e2e/support/steady-orders";
import { orders } from "@/lib/db/schema";

const arg = (name: string, fallback: number) =>
  Number(process.argv.find((value) => value.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const MINUTES = arg("minutes", 20);
const RATE = arg("rate", 10);
const INTERVAL_MS = 1_000;
const NAMES = ["a", "b", "c"] as const;
type Name = (typeof NAMES)[number];

const until = async (what: string, check: () => boolean | Promise<boolean>, timeoutMs = 120_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`chaos: timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

async function main() {
  if (!process.env.TEST_DATABASE_URL) throw new Error("chaos: set TEST_DATABASE_URL");
  const [sandbox, database] = await Promise.all([startSandboxProcess(), createTestDatabase("postgres")]);
  const target = new URL(database.url!);
  const proxies = Object.fromEntries(
    NAMES.map((name) => [name, new FreezingProxy(target.hostname, Number(target.port || 5432))]),
  ) as Record<Name, FreezingProxy>;
  await Promise.all(NAMES.map((name) => proxies[name].start()));
  const merchants = await provisionSharedStores(sandbox, database.db, {
    count: 20,
    connections: 4,
    intervalSeconds: 1,
  });
  const ports = Object.fromEntries(await Promise.all(NAMES.map(async (name) => [name, await freePort()]))) as Record<
    Name,
    number
  >;
  const processes = new Map<Name, InstanceProcesses>();
  const start = (name: Name, label: string = name) => {
    const instances = new InstanceProcesses({
      databaseUrl: proxies[name].through(database.url!),
      sandboxUrl: sandbox.url,
      intervalMs: INTERVAL_MS,
    });
    processes.set(name, instances);
    return { instances, child: instances.start(label, ports[name]) };
  };
  const children = Object.fromEntries(NAMES.map((name) => [name, start(name).child])) as Record<
    Name,
    ReturnType<typeof start>["child"]
  >;
  const leases = (name: Name) => [...processes.get(name)!.holdings().values()].reduce((sum, set) => sum + set.size, 0);
  await until("the instances to share the connections", () => NAMES.every((name) => leases(name) > 0));
  const streams = Object.fromEntries(
    NAMES.map((name) => [name, new BoardStreamClient(`http://127.0.0.1:${ports[name]}`)]),
  ) as Record<Name, BoardStreamClient>;

  const flow = placeOrdersSteadily(sandbox, merchants, 1000 / RATE);
  const placed = flow.placed;

  const runMs = MINUTES * 60_000;
  const began = Date.now();
  const at = (share: number) => until(`${share} of the run`, () => Date.now() - began >= runMs * share, runMs);
  const leader = () => NAMES.reduce((best, name) => (leases(name) > leases(best) ? name : best), "a" as Name);
  const recoveries: Array<{ fault: string; endedAt: number }> = [];

  await at(0.2);
  console.log(`chaos: freezing ${proxies.a.freeze()} connections of instance a`);
  recoveries.push({ fault: "connections of a frozen", endedAt: Date.now() });

  await at(0.4);
  console.log("chaos: the database away for 15 s (every connection reset, new ones refused)");
  for (const name of NAMES) proxies[name].cut();
  const awayUntil = Date.now() + 15_000;
  await until("15 s of outage", () => Date.now() >= awayUntil);
  for (const name of NAMES) proxies[name].restore();
  recoveries.push({ fault: "database away 15 s", endedAt: Date.now() });

  await at(0.6);
  const killed = leader();
  console.log(`chaos: killing the leader, ${killed} (-9), and starting it again`);
  children[killed].kill("SIGKILL");
  recoveries.push({ fault: `leader ${killed} killed`, endedAt: Date.now() });
  children[killed] = start(killed, `${killed}2`).child;

  await at(0.8);
  const stopped = leader();
  console.log(`chaos: stopping the leader, ${stopped}, for 5 s`);
  children[stopped].kill("SIGSTOP");
  const stoppedUntil = Date.now() + 5_000;
  await until("5 s stopped", () => Date.now() >= stoppedUntil);
  children[stopped].kill("SIGCONT");
  recoveries.push({ fault: `leader ${stopped} stopped 5 s`, endedAt: Date.now() });

  await at(1);
  flow.stop();
  const ids = () => placed.map((order) => order.id);
  const stored = async () =>
    (await database.db.select({ id: orders.id }).from(orders).where(inArray(orders.id, ids()))).length;
  await until("every order stored", async () => (await stored()) === placed.length, 300_000);
  for (const name of NAMES)
    await until(
      `every order on ${name}'s stream`,
      () =>
        new Set(streams[name].changes.map((change) => change.id).filter((id) => ids().includes(id))).size ===
        placed.length,
    );

  console.log(`chaos: ${placed.length} orders at ${RATE}/s over ${MINUTES} min on 20 stores, 3 instances`);
  for (const name of NAMES) {
    const seqs = streams[name].changes.map((change) => change.seq);
    console.log(
      `  stream ${name}: ${new Set(streams[name].changes.map((c) => c.id)).size} orders, ` +
        `${seqs.length - new Set(seqs).size} changes delivered twice, ${streams[name].reconnects} reconnects`,
    );
  }
  for (const { fault, endedAt } of recoveries) {
    // The first order placed after the fault: how long until every stream had it.
    const first = placed.find((order) => order.at >= endedAt);
    if (!first) continue;
    const delays = NAMES.map((name) => `${name} ${(streams[name].receivedAt(first.id) ?? Number.NaN) - first.at} ms`);
    console.log(`  ${fault}: the next order placed reached each board after ${delays.join(", ")}`);
  }
  for (const stream of Object.values(streams)) stream.close();
  for (const instances of processes.values()) instances.killAll();
  for (const proxy of Object.values(proxies)) await proxy.close();
  await database.destroy();
  await sandbox.stop();
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
