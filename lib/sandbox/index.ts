import type { Hono } from "hono";
import { SandboxClock } from "./clock";
import { noFaults } from "./faults";
import { FuzzPlatform, fuzzSettingsSchema, type FuzzSettings } from "./fuzz";
import { platformIdentity } from "./identity";
import { faithfulDiscovery } from "./discovery-switch";
import { buildApp } from "./http/app";
import { dueForPull, pullOnce } from "./merchant/api";
import type { HttpDeps, SandboxEnv } from "./http/context";
import { Platform } from "./platform";
import { DEFAULT_CONFIRM_DEADLINE_MINUTES } from "./confirm-deadline";
import { PREPARATION_CHECK_MS } from "./preparation";
import { createRng } from "./random";
import { RequestLog } from "./request-log";
import { startSimulator } from "./simulator";
import { SnapshotFile } from "./snapshot";
import { SandboxState } from "./state";
import { WebhookPusher, type WebhookOptions } from "./webhooks";
import type { OpenDeliveryDialect } from "./v2/dialect";

// Entry point of the sandbox platform: one platform (platforms.ts hosts several in one process).
// It imports nothing from the rest of Comanda and only its mount route (app/sandbox) and its
// standalone server (main.ts) import it.

export type SandboxOptions = {
  /** Folder of the JSON snapshot; created when missing. */
  dataDir: string;
  /** "" standalone, "/sandbox" when mounted inside Comanda ("/p2", "/sandbox/p2"… for more platforms: platforms.ts). */
  basePath: string;
  /** The platform's name, shown to users as its orders' salesChannel. Default "Comanda Sandbox". */
  name?: string;
  /**
   * Sets this platform's ids apart from the other platforms' of the process (identity.ts): ""
   * (default) for the first, whose merchant ids are those the docs and configs name; "p2"…
   */
  platformKey?: string;
  /** Seconds between simulated orders; 0 disables. Default 45. */
  simulatorIntervalSeconds?: number;
  /** Minutes after which the platform cancels an order nobody confirmed. Default 8 (iFood's); 0: never. */
  confirmDeadlineMinutes?: number;
  /**
   * Every store is open at every hour, whatever its catalogue hours (`npm start`'s demo): the
   * kitchen demo's store gets orders right after start, even at 4 a.m. Off by default, so tests
   * and `npm run sandbox` keep the catalogue's hours (and their closed-store behaviour).
   */
  openAroundTheClock?: boolean;
  /** Lifetime of interchange access tokens. Default 21600 (6 h), as the platform document says. */
  tokenTtlSeconds?: number;
  /** Seed of the data generator, for reproducible orders. Random by default. */
  seed?: number;
  /** Base clock (real time by default); POST /control/clock adds an offset to it. */
  now?: () => Date;
  /** Start in fuzz mode (off by default; PUT/DELETE /control/fuzz switch it at run time). */
  fuzz?: Partial<FuzzSettings> & { seed: number };
  /** Webhook retry tuning (tests shorten the backoff). */
  webhook?: Partial<Omit<WebhookOptions, "duplicate">>;
  /** The Open Delivery it speaks: "1.7" (default: the 1.x interchange under /v1) or "2.0" (rc.2, under /v2). */
  openDelivery?: OpenDeliveryDialect;
};

export type Sandbox = {
  app: Hono<SandboxEnv>;
  platform: Platform;
  options: Readonly<SandboxOptions>;
  /** Writes any pending snapshot now. */
  flush(): void;
  /** Stops the simulator and writes the snapshot; the instance should not be used afterwards. */
  stop(): void;
};

/** How often the sandbox looks for merchant documents whose TTL ran out (sandbox clock). */
const MERCHANT_PULL_CHECK_MS = 30_000;

export const normalizeBasePath = (basePath: string) => (basePath === "/" ? "" : basePath.replace(/\/+$/, ""));

export function createSandbox(options: SandboxOptions): Sandbox {
  const warn = (message: string) => console.warn(message);
  const snapshot = new SnapshotFile(options.dataDir, 200, warn);
  const identity = platformIdentity(options.platformKey, options.name);
  const state = SandboxState.from(snapshot.load(), identity.key);
  const platform = new Platform({
    identity,
    state,
    rng: createRng(options.seed),
    clock: new SandboxClock(options.now, state.clockOffsetMs),
    tokenTtlSeconds: options.tokenTtlSeconds ?? 21_600,
    confirmDeadlineMinutes: options.confirmDeadlineMinutes ?? DEFAULT_CONFIRM_DEADLINE_MINUTES,
    changed: () => snapshot.schedule(() => state.toSnapshot()),
    openAroundTheClock: options.openAroundTheClock,
    dialect: options.openDelivery,
  });
  // A fresh data folder gets its merchants and credentials on disk straight away.
  snapshot.schedule(() => state.toSnapshot());

  const faults = { current: noFaults() };
  const webhooks = new WebhookPusher(platform, {
    retryBaseMs: options.webhook?.retryBaseMs ?? 1000,
    maxAttempts: options.webhook?.maxAttempts ?? 5,
    timeoutMs: options.webhook?.timeoutMs ?? 5000,
    duplicate: () => faults.current.duplicateEvents,
  });
  const deps: HttpDeps = {
    platform,
    faults,
    webhooks,
    // Enough for a chaos or load test's every poll (each entry is small: bodies are acks at most).
    log: new RequestLog(50_000),
    rawDetails: new Map(),
    discovery: { current: faithfulDiscovery() },
    fuzz: {
      current: options.fuzz ? new FuzzPlatform(fuzzSettingsSchema.parse(options.fuzz), () => platform.now()) : null,
    },
    basePath: normalizeBasePath(options.basePath),
  };
  const stopSimulator = startSimulator(platform, options.simulatorIntervalSeconds ?? 45, warn);
  // Scheduled orders reach their preparation time, and unconfirmed orders their deadline, while
  // nobody calls: webhook subscribers must hear of it then, not at the next poll.
  const preparationTimer = setInterval(() => platform.actOnTime(), PREPARATION_CHECK_MS);
  preparationTimer.unref();
  // The platform re-reads each onboarded merchant's document when its TTL runs out.
  const merchantPullTimer = setInterval(() => {
    for (const merchantId of dueForPull(platform)) void pullOnce(platform, merchantId);
  }, MERCHANT_PULL_CHECK_MS);
  merchantPullTimer.unref();
  let stopped = false;

  return {
    app: buildApp(deps),
    platform,
    options,
    flush: () => snapshot.flush(),
    stop() {
      if (stopped) return;
      stopped = true;
      stopSimulator();
      clearInterval(preparationTimer);
      clearInterval(merchantPullTimer);
      webhooks.stop();
      snapshot.flush();
    },
  };
}
