import { Hono } from "hono";
import path from "node:path";
import { DEFAULT_PLATFORM_NAME } from "./identity";
import { createSandbox, normalizeBasePath, type Sandbox, type SandboxOptions } from "./index";
import type { OpenDeliveryDialect } from "./v2/dialect";

// Several platforms in one process (`npm run sandbox -- --platforms 2`): a restaurant sells through
// more than one platform, so Comanda must be tried against more than one. Each platform is a whole
// sandbox of its own (createSandbox: name, merchant ids, credentials, data folder, simulator, clock,
// faults, request log); this file only lays them out and routes each request to its platform.
// The first keeps the host's base path and data folder, so a one-platform caller sees no change.

/** Each platform is a full sandbox with its own simulator and timers: a handful is plenty. */
export const MAX_PLATFORMS = 10;

export type SandboxHostOptions = Omit<SandboxOptions, "name" | "platformKey"> & {
  /** How many platforms (1 to MAX_PLATFORMS). Default 1. */
  platforms?: number;
  /** Their names, in order. Default: "Comanda Sandbox" alone, else "Plataforma A", "Plataforma B"… */
  names?: readonly string[];
  /** The Open Delivery each speaks, in order (default: `openDelivery`, else 1.7, for every one). */
  dialects?: readonly OpenDeliveryDialect[];
};

/** What `GET {basePath}/control/platforms` lists, one per platform, the first first. */
export type PlatformEntry = {
  name: string;
  basePath: string;
  controlPath: string;
  sourceAppId: string;
  openDelivery: OpenDeliveryDialect;
};

export type SandboxHost = {
  /** The platforms, the first (at the host's own base path) first. */
  sandboxes: readonly Sandbox[];
  platforms(): PlatformEntry[];
  /** Answers a request for any of the platforms (node-server's env passes through for dropped connections). */
  fetch(request: Request, env?: unknown): Response | Promise<Response>;
  flush(): void;
  stop(): void;
};

export function defaultPlatformNames(count: number): string[] {
  if (count === 1) return [DEFAULT_PLATFORM_NAME];
  return Array.from({ length: count }, (_, i) => `Plataforma ${String.fromCharCode(65 + i)}`);
}

/**
 * Where platform `ordinal` (1-based) lives: the first at the host's base path and data folder with
 * the ids it always had; platform k at `{basePath}/pk`, data in `{dataDir}/pk`, ids keyed "pk".
 */
export function platformLayout(ordinal: number, basePath: string, dataDir: string) {
  if (ordinal === 1) return { platformKey: "", basePath: normalizeBasePath(basePath), dataDir };
  const key = `p${ordinal}`;
  return { platformKey: key, basePath: `${normalizeBasePath(basePath)}/${key}`, dataDir: path.join(dataDir, key) };
}

export function createSandboxHost(options: SandboxHostOptions): SandboxHost {
  const { platforms: count = 1, names = defaultPlatformNames(count), dialects, ...common } = options;
  if (!Number.isInteger(count) || count < 1 || count > MAX_PLATFORMS)
    throw new RangeError(`platforms must be an integer from 1 to ${MAX_PLATFORMS}, got ${count}`);
  if (names.length !== count) throw new RangeError(`${count} platforms need ${count} names, got ${names.length}`);
  if (dialects && dialects.length !== count)
    throw new RangeError(`${count} platforms need ${count} dialects, got ${dialects.length}`);

  const sandboxes = names.map((name, i) =>
    createSandbox({
      ...common,
      ...platformLayout(i + 1, common.basePath, common.dataDir),
      name,
      ...(dialects?.[i] && { openDelivery: dialects[i] }),
      // A seeded run stays reproducible without two platforms drawing the very same orders.
      ...(common.seed !== undefined && { seed: common.seed + i }),
    }),
  );
  const [first, ...others] = sandboxes as [Sandbox, ...Sandbox[]];
  const within = (pathname: string, basePath: string) => pathname === basePath || pathname.startsWith(`${basePath}/`);
  const platformFor = (pathname: string) => others.find((s) => within(pathname, s.options.basePath)) ?? first;
  const platforms = () =>
    sandboxes.map((s) => ({
      name: s.platform.identity.name,
      basePath: s.options.basePath,
      controlPath: `${s.options.basePath}/control`,
      sourceAppId: s.platform.identity.sourceAppId,
      openDelivery: s.platform.dialect,
    }));

  const app = new Hono();
  app.get(`${first.options.basePath}/control/platforms`, (c) => c.json(platforms()));
  app.all("*", (c) => platformFor(c.req.path).app.fetch(c.req.raw, c.env));

  return {
    sandboxes,
    platforms,
    fetch: (request, env) => app.fetch(request, env),
    flush: () => sandboxes.forEach((s) => s.flush()),
    stop: () => sandboxes.forEach((s) => s.stop()),
  };
}

const GLOBAL_KEY = Symbol.for("comanda.sandbox");
type GlobalWithSandbox = typeof globalThis & { [GLOBAL_KEY]?: SandboxHost };

/**
 * One sandbox host per process. Next.js evaluates route modules in several bundles and re-evaluates
 * them on hot reload; a module-level instance would start a second simulator and a second
 * writer of the same snapshot. The first caller's options win (a code change to the sandbox
 * itself needs a server restart).
 */
export function getSandboxHost(options: SandboxHostOptions): SandboxHost {
  const holder = globalThis as GlobalWithSandbox;
  const existing = holder[GLOBAL_KEY];
  if (existing) return existing;
  const host = createSandboxHost(options);
  const singleton: SandboxHost = {
    ...host,
    stop() {
      host.stop();
      if (holder[GLOBAL_KEY] === singleton) delete holder[GLOBAL_KEY];
    },
  };
  holder[GLOBAL_KEY] = singleton;
  // Next.js exits through process.exit on SIGTERM/SIGINT; write what the debounce still holds.
  // (A signal listener here would replace Next's own shutdown, so none is added.)
  process.once("exit", () => singleton.flush());
  return singleton;
}
