import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { AccessToken, Integrator, Merchant, OrderRecord, RefreshToken, StoredEvent } from "./types";

// The sandbox's state on disk: one JSON file in its data folder, rewritten whole (temp file +
// atomic rename, so a crash mid-write leaves the previous snapshot intact) at most every ~200 ms.

export type SnapshotData = {
  version: 1;
  merchants: (Omit<Merchant, "admin" | "store" | "customers"> & Partial<Merchant>)[];
  /** Absent in snapshots written before integrators existed. */
  integrators?: Integrator[];
  orders: (Omit<OrderRecord, "stage"> & Partial<Pick<OrderRecord, "stage">>)[];
  events: StoredEvent[];
  tokens: AccessToken[];
  refreshTokens?: RefreshToken[];
  clockOffsetMs?: number;
  displayCounters: Record<string, number>;
  /** The store API's own state (profiles, addresses, cards, order index, voucher use). */
  storeApi?: unknown;
};

const merchantSchema = z.looseObject({
  merchantId: z.string(),
  name: z.string(),
  serviceId: z.string(),
  interchange: z.object({ clientId: z.string(), clientSecret: z.string() }),
});

// Orders and events are our own output read back; a shallow check catches a foreign or
// truncated file without restating the whole Open Delivery schema here.
const snapshotSchema = z.object({
  version: z.literal(1),
  merchants: z.array(merchantSchema),
  integrators: z
    .array(
      z.object({
        name: z.string(),
        clientId: z.string(),
        clientSecret: z.string(),
        merchantIds: z.array(z.string()),
        // What a 2.0 platform grants the credential (v2/scopes.ts); absent: the default grant.
        scopes: z.array(z.string()).optional(),
      }),
    )
    .optional(),
  orders: z.array(
    z.looseObject({ merchantId: z.string(), status: z.string(), order: z.looseObject({ id: z.string() }) }),
  ),
  events: z.array(
    z.looseObject({
      eventId: z.string(),
      eventType: z.string(),
      orderId: z.string(),
      merchantId: z.string(),
      acknowledged: z.boolean(),
    }),
  ),
  tokens: z.array(
    z.looseObject({ token: z.string(), merchantId: z.string(), clientId: z.string(), expiresAt: z.number() }),
  ),
  refreshTokens: z
    .array(
      z.looseObject({
        token: z.string(),
        kind: z.enum(["admin", "store"]),
        merchantId: z.string(),
        expiresAt: z.number(),
      }),
    )
    .optional(),
  clockOffsetMs: z.number().optional(),
  displayCounters: z.record(z.string(), z.number()),
  storeApi: z.unknown().optional(),
});

export class SnapshotFile {
  readonly file: string;
  private timer: NodeJS.Timeout | undefined;
  private pending: (() => SnapshotData) | undefined;

  constructor(
    readonly dir: string,
    private readonly debounceMs = 200,
    private readonly warn: (message: string) => void = console.warn,
  ) {
    this.file = path.join(dir, "snapshot.json");
  }

  load(): SnapshotData | undefined {
    if (!existsSync(this.file)) return undefined;
    try {
      return snapshotSchema.parse(JSON.parse(readFileSync(this.file, "utf8"))) as SnapshotData;
    } catch (error) {
      // Keep the unreadable file for inspection and start clean rather than refuse to start.
      const aside = `${this.file}.unreadable-${Date.now()}`;
      renameSync(this.file, aside);
      this.warn(`[sandbox] snapshot ${this.file} unreadable (${String(error)}); moved to ${aside}`);
      return undefined;
    }
  }

  /** Debounced: many changes within the window cost one write, of the state as it is then. */
  schedule(read: () => SnapshotData): void {
    this.pending = read;
    if (this.timer) return;
    this.timer = setTimeout(() => this.flush(), this.debounceMs);
    // The snapshot must never keep a process (a test runner, a CLI) alive on its own.
    this.timer.unref();
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const read = this.pending;
    this.pending = undefined;
    if (read) this.write(read());
  }

  private write(data: SnapshotData): void {
    mkdirSync(this.dir, { recursive: true });
    const temp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify(data));
    renameSync(temp, this.file);
  }
}
