import "server-only";
import type { Database, DatabaseTransaction } from "@/lib/db";
import { log } from "@/lib/log";
import {
  fenceLease,
  forgetInstance,
  freeKeys,
  heartbeat,
  liveInstances,
  othersHoldings,
  LeaseLostError,
  releaseLease,
  renewLease,
  tryAcquire,
} from "./leases";

/** A poller's hold on its key: renewed at each poll, checked in each of its writes. */
export interface PollerLease {
  readonly token: number;
  /** Extends the lease; false (and the keeper lets the poller go) when another instance took it. */
  renew(): Promise<boolean>;
  /** Throws LeaseLostError inside `tx` unless this lease is still the current one. */
  fence(tx: DatabaseTransaction): Promise<void>;
}

export interface LeaseKey {
  key: string;
  /** The poller's interval: its lease lasts 1.5 intervals, and the keeper's round is half the shortest. */
  intervalMs: number;
}

export interface LeaseKeeperOptions {
  db: Database;
  instanceId: string;
  /** The keys to share (every instance sees the same ones: the enabled stores). */
  keys: () => readonly LeaseKey[];
  acquired: (key: string, lease: PollerLease) => void;
  /**
   * Stops the key's poller. When the keeper lets a lease go itself (past its share, shutdown) it
   * waits for this before releasing the row, so two instances never poll one store at once.
   */
  lost: (key: string) => void | Promise<void>;
  now?: () => Date;
  /** No other process can use this database (PGlite): leases left by a dead predecessor are taken at once. */
  sole?: boolean;
}

interface Held {
  token: number;
  expiresAt: number;
}

/** How long a lease lasts after its last renewal, in poll intervals. With rounds of half the
 * interval, another instance takes over at most 1.5 + 0.5 = 2 intervals after the holder stopped. */
const LEASE_INTERVALS = 1.5;
const MIN_ROUND_MS = 200;
const MAX_ROUND_MS = 15_000;

/**
 * Shares the pollers among the instances on one database. Each round it says it is alive, renews
 * the leases it holds, lets go of those past its share (see share()) so the
 * others can take them, and takes free or expired ones up to its share. With one instance (and on
 * PGlite) it simply holds every key.
 */
export class LeaseKeeper {
  private readonly held = new Map<string, Held>();
  private readonly startedAt: Date;
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<void> | undefined;
  private stopped = false;

  constructor(private readonly options: LeaseKeeperOptions) {
    this.startedAt = this.now();
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /** The keys this instance holds now, with their tokens. */
  holding(): Map<string, number> {
    return new Map([...this.held].map(([key, held]) => [key, held.token]));
  }

  /** The lease of a key this instance holds, for a poller (re)started under it. */
  lease(key: string): PollerLease | undefined {
    const held = this.held.get(key);
    return held ? this.leaseFor(key, held.token) : undefined;
  }

  /** Runs rounds until stopped; the first one at once. */
  start(): void {
    this.stopped = false;
    const loop = () => {
      if (this.stopped) return;
      this.round = this.tick()
        .catch((error: unknown) => log.warn({ err: error }, "poller leases: round failed"))
        .finally(() => {
          if (!this.stopped) this.timer = setTimeout(loop, this.roundMs());
        });
    };
    loop();
  }

  /** Gives every lease up at once (graceful shutdown) so other instances take them on their next round. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.round;
    const { db, instanceId } = this.options;
    const now = this.now();
    for (const [key, held] of [...this.held]) {
      await this.drop(key);
      await releaseLease(db, key, instanceId, held.token, now).catch(() => undefined);
    }
    await forgetInstance(db, instanceId, now).catch(() => undefined);
  }

  /**
   * The pause between rounds: a quarter of the shortest interval among the keys. A dead holder's
   * lease expires 1.5 intervals after its last renewal and is taken at the next round, so its
   * stores wait at most about 1 + 1.5 + 0.25 intervals between polls.
   */
  roundMs(): number {
    return Math.min(MAX_ROUND_MS, Math.max(MIN_ROUND_MS, this.shortestIntervalMs() / 4));
  }

  private shortestIntervalMs(): number {
    const intervals = this.options.keys().map((key) => key.intervalMs);
    return intervals.length > 0 ? Math.min(...intervals) : MAX_ROUND_MS * 4;
  }

  /** One round: heartbeat, renew, shed past the share, take up to the share. */
  async tick(): Promise<void> {
    const { db, instanceId } = this.options;
    const now = this.now();
    const keys = new Map(this.options.keys().map((key) => [key.key, key]));
    await heartbeat(db, instanceId, this.startedAt, now);

    for (const [key, held] of [...this.held]) {
      const wanted = keys.get(key);
      if (!wanted) {
        // A store disabled or removed: its lease is let go.
        await this.drop(key);
        await releaseLease(db, key, instanceId, held.token, now);
        continue;
      }
      try {
        if (!(await renewLease(db, key, instanceId, held.token, now, ttl(wanted)))) void this.drop(key);
        else held.expiresAt = now.getTime() + ttl(wanted);
      } catch (error) {
        // The database unreachable: the lease cannot be confirmed; past its expiry another may
        // hold it, so the poller stops (its writes would be refused anyway).
        if (now.getTime() >= held.expiresAt) void this.drop(key);
        throw error;
      }
    }

    const share = await this.share(keys.size, now);
    for (const [key, held] of [...this.held].reverse()) {
      if (this.held.size <= share) break;
      await this.drop(key);
      await releaseLease(db, key, instanceId, held.token, now);
    }
    if (this.held.size >= share) return;
    const { sole = false } = this.options;
    const free = shuffle(await freeKeys(db, [...keys.keys()], now, instanceId, sole)).filter(
      (key) => !this.held.has(key),
    );
    for (const key of free) {
      if (this.held.size >= share) break;
      const wanted = keys.get(key)!;
      const token = await tryAcquire(db, key, instanceId, now, ttl(wanted), sole);
      if (token === null) continue;
      this.held.set(key, { token, expiresAt: now.getTime() + ttl(wanted) });
      log.info({ poller: key, fencingToken: token, instance: instanceId }, "poller lease taken");
      this.options.acquired(key, this.leaseFor(key, token));
    }
  }

  /**
   * How many keys this instance may hold: up to ceil(keys / live instances), but only the floor
   * while another live instance holds fewer than the floor — 4 keys on 3 instances end 2/1/1,
   * never 2/2/0 (the ceiling alone lets two instances keep everything from a third that came late).
   */
  private async share(keys: number, now: Date): Promise<number> {
    const { db, instanceId } = this.options;
    const live = await liveInstances(db, now, this.instanceTtlMs());
    const floor = Math.floor(keys / live);
    const ceil = Math.ceil(keys / live);
    if (floor === 0 || live === 1) return ceil;
    const others = await othersHoldings(db, instanceId, now);
    const starving = others.filter((count) => count >= floor).length < live - 1;
    return starving ? floor : ceil;
  }

  /** An instance silent for 1.5 intervals (six rounds) no longer counts as live. */
  private instanceTtlMs(): number {
    return Math.min(3 * MAX_ROUND_MS, Math.max(3 * MIN_ROUND_MS, this.shortestIntervalMs() * 1.5));
  }

  private async drop(key: string): Promise<void> {
    if (!this.held.delete(key)) return;
    log.info({ poller: key, instance: this.options.instanceId }, "poller lease let go");
    await Promise.resolve(this.options.lost(key)).catch(() => undefined);
  }

  private leaseFor(key: string, token: number): PollerLease {
    const { db, instanceId } = this.options;
    return {
      token,
      renew: async () => {
        const held = this.held.get(key);
        if (!held || held.token !== token) return false;
        const wanted = this.options.keys().find((candidate) => candidate.key === key);
        const now = this.now();
        const ok = wanted ? await renewLease(db, key, instanceId, token, now, ttl(wanted)) : false;
        if (ok) held.expiresAt = now.getTime() + ttl(wanted!);
        // Not awaited: this runs inside the poller's own poll, which stopping it waits for.
        else void this.drop(key);
        return ok;
      },
      fence: async (tx) => {
        if (this.held.get(key)?.token !== token) throw new LeaseLostError(key);
        await fenceLease(tx, key, instanceId, token);
      },
    };
  }
}

function ttl(key: LeaseKey): number {
  return Math.round(key.intervalMs * LEASE_INTERVALS);
}

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}
