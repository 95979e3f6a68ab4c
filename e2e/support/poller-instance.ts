// One "instance" for the failover test (lib/sync/failover.test.ts): Comanda's pollers under
// leases, on the PostgreSQL database and against the sandbox it is given, as a process of its own
// that the test can kill -9. It prints one JSON line per lease taken or let go.
// node --conditions=react-server --import tsx e2e/support/poller-instance.ts
import { openDatabase } from "@/lib/db/client";
import { InterchangeClient } from "@/lib/platform/interchange/client";
import { LeaseKeeper } from "@/lib/sync/lease-keeper";
import { ConnectionPoller } from "@/lib/sync/poller";

interface Merchant {
  merchantId: string;
  interchange: { clientId: string; clientSecret: string };
}

const databaseUrl = process.env.FAILOVER_DATABASE_URL!;
const sandboxUrl = process.env.FAILOVER_SANDBOX_URL!;
const instanceId = process.env.FAILOVER_INSTANCE!;
const intervalMs = Number(process.env.FAILOVER_INTERVAL_MS ?? 1000);

const say = (line: Record<string, unknown>) =>
  process.stdout.write(`${JSON.stringify({ instance: instanceId, at: Date.now(), ...line })}\n`);

async function main() {
  const { db } = await openDatabase({ databaseUrl });
  const merchants = (await (await fetch(`${sandboxUrl}/control/merchants`)).json()) as Merchant[];
  const pollers = new Map(
    merchants.map((merchant) => [
      merchant.merchantId,
      // Each merchant with its own credentials: a connection of one store, keyed by the merchant id.
      new ConnectionPoller({
        connectionId: merchant.merchantId,
        storeIds: [merchant.merchantId],
        client: new InterchangeClient({
          baseUrl: sandboxUrl,
          clientId: merchant.interchange.clientId,
          clientSecret: merchant.interchange.clientSecret,
          timeoutMs: 5_000,
        }),
        db,
        publish: () => undefined,
        intervalMs,
        leased: true,
      }),
    ]),
  );
  const keeper = new LeaseKeeper({
    db,
    instanceId,
    keys: () => merchants.map((merchant) => ({ key: merchant.merchantId, intervalMs })),
    acquired: (key, lease) => {
      say({ event: "acquired", key, token: lease.token });
      pollers.get(key)?.start(lease);
    },
    // Said once the poller has stopped (its poll in flight finished): the test checks that no
    // two instances poll one store at once.
    lost: async (key) => {
      await pollers.get(key)?.stop();
      say({ event: "lost", key });
    },
  });
  keeper.start();
  say({ event: "started" });
  process.once("SIGTERM", () => void keeper.stop().finally(() => process.exit(0)));
}

void main();
