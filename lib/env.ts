import "server-only";
import { z } from "zod";

/**
 * The one place that reads process.env. Parsed once, at start, so a bad configuration stops the
 * server with a message naming every bad variable instead of failing later, mid-shift.
 */

const optionalString = z
  .string()
  .trim()
  .transform((s) => (s === "" ? undefined : s))
  .optional();

const httpUrl = z.url({ protocol: /^https?$/ }).transform((s) => s.replace(/\/+$/, ""));

const optionalUrl = z
  .string()
  .trim()
  .transform((s) => (s === "" ? undefined : s))
  .pipe(httpUrl.optional())
  .optional();

/** A timeout of the HTTP server, in milliseconds; blank means the default (scripts/http-limits.mjs has the same rule). */
const HTTP_MS_RULE = "must be a whole number of milliseconds from 100 to 3600000";
const httpMilliseconds = (fallback: number) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.coerce.number().int(HTTP_MS_RULE).min(100, HTTP_MS_RULE).max(3_600_000, HTTP_MS_RULE).default(fallback),
  );

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** The address `npm start` listens on (scripts/start-args.mjs); unset: every interface. */
  BIND_ADDRESS: z
    .string()
    .trim()
    .transform((s) => (s === "" ? undefined : s))
    .pipe(
      z.union([z.ipv4(), z.ipv6(), z.literal("localhost")], { error: "must be an IP address or localhost" }).optional(),
    )
    .optional(),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .trim()
    .transform((s) => (s === "" ? undefined : s))
    .pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
        .optional(),
    )
    .optional(),
  PLATFORM_BASE_URL: optionalUrl,
  PLATFORM_CLIENT_ID: optionalString,
  PLATFORM_CLIENT_SECRET: optionalString,
  PLATFORM_MERCHANT_ID: optionalString,
  PLATFORM_MERCHANT_NAME: optionalString,
  SANDBOX_URL: optionalUrl,
  /** Comanda's public address (https://comanda.example.com), for the webhook address shown to managers. */
  APP_URL: optionalUrl,
  SECRETS_KEY: z
    .string()
    .trim()
    .transform((s) => (s === "" ? undefined : Buffer.from(s, "base64")))
    .refine(
      (key) => key === undefined || key.length === 32,
      "must be 32 bytes, base64-encoded (openssl rand -base64 32)",
    )
    .optional(),
  PLATFORM_ADMIN_CLIENT_ID: optionalString,
  PLATFORM_ADMIN_CLIENT_SECRET: optionalString,
  PLATFORM_ADMIN_USERNAME: optionalString,
  PLATFORM_ADMIN_PASSWORD: optionalString,
  PLATFORM_STORE_CLIENT_ID: optionalString,
  PLATFORM_STORE_CLIENT_SECRET: optionalString,
  PLATFORM_SERVICE_ID: optionalString,
  METRICS_TOKEN: optionalString,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  CONFIRM_DEADLINE_MINUTES: z.coerce.number().int().min(1).max(240).default(8),
  SANDBOX_SIMULATOR_INTERVAL_SECONDS: z.coerce.number().min(0).default(45),
  // The embedded sandbox's stores take orders at every hour, so the demo board fills at any time.
  // How many platforms the embedded sandbox hosts (the second at /sandbox/p2): two, so the demo
  // restaurants have two channels on one board from the first minute (issue 28).
  SANDBOX_PLATFORMS: z.coerce.number().int().min(1).max(10).default(2),
  // The Open Delivery each embedded platform speaks ("1.7", "2.0", or one per platform: "1.7,2.0").
  // Unset: the second platform speaks 2.0 and every other 1.7, so the demo board carries both.
  SANDBOX_OPEN_DELIVERY: optionalString,
  SANDBOX_OPEN_AROUND_THE_CLOCK: z
    .enum(["true", "false", "1", "0"])
    .default("true")
    .transform((v) => v === "true" || v === "1"),
  POLL_INTERVAL_SECONDS: z.coerce.number().min(0.5).max(3600).optional(),
  // Open Delivery 2.0: how often each active order is compared with its platform's status
  // (lib/sync/reconcile.ts). The rc names no period; short in the browser tests, so a status the
  // platform changed with no event reaches the board within one test.
  RECONCILE_INTERVAL_SECONDS: z.coerce.number().min(1).max(3600).default(60),
  // How often each 2.0 channel's item offers are read back and compared with Comanda's sold-out
  // marks and counts (lib/merchant/catalog-reconcile.ts); also on a connection's first tick.
  CATALOG_RECONCILE_SECONDS: z.coerce.number().int().min(5).max(86_400).default(600),
  PLATFORM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  // Board streams one session, and one person or store over all sessions, may hold open on an
  // instance (lib/realtime/session-ends.ts). Raise them only for a wall of displays on one sign-in
  // or a load test (each stream costs the server ~200 kB).
  BOARD_STREAMS_PER_SESSION: z.coerce.number().int().min(1).max(10_000).default(4),
  BOARD_STREAMS_PER_OWNER: z.coerce.number().int().min(1).max(10_000).default(20),
  SYNC_ENABLED: z
    .enum(["true", "false", "1", "0"])
    .default("true")
    .transform((v) => v === "true" || v === "1"),
  /** Signs session cookies. Generated into DATA_DIR when unset with the embedded database. */
  AUTH_SECRET: z
    .string()
    .trim()
    .transform((s) => (s === "" ? undefined : s))
    .pipe(z.string().min(32, "must be at least 32 characters (e.g. `openssl rand -base64 32`)").optional())
    .optional(),
  /**
   * How many proxies in front of Comanda append to X-Forwarded-For. 0 (the default): no proxy is
   * trusted and the header is ignored, since a client can write it; N: the Nth address from the right.
   */
  TRUSTED_PROXIES: z.coerce.number().int().min(0).max(10).default(0),
  /**
   * This instance's name among several on one database (poller leases, the `instance` label on
   * metrics). Unset: host name, process id and a random suffix, new at each start.
   */
  INSTANCE_ID: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._:-]{1,64}$/, "letters, digits, '.', '_', ':' or '-', at most 64")
    .optional(),
  /** Platform base URLs on loopback/private/link-local addresses: unset = allowed with the sandbox and outside production. */
  ALLOW_PRIVATE_PLATFORM_ADDRESSES: z
    .enum(["true", "false", "1", "0", ""])
    .optional()
    .transform((v) => (v === "true" || v === "1" ? true : v === "false" || v === "0" ? false : undefined)),
  /**
   * Kitchen printers on loopback (the server itself) are refused unless allowed: unset = allowed
   * outside production, where the tests' fake printers listen on 127.0.0.1 (lib/printers/address.ts).
   */
  ALLOW_LOOPBACK_PRINTERS: z
    .enum(["true", "false", "1", "0", ""])
    .optional()
    .transform((v) => (v === "true" || v === "1" ? true : v === "false" || v === "0" ? false : undefined)),
  /**
   * The HTTP server's limits, applied by `npm start` (scripts/http-limits.mjs, which reads them
   * before this module can: it runs ahead of Next.js). Validated here too, so a bad value is
   * reported with the others.
   */
  HTTP_HEADERS_TIMEOUT_MS: httpMilliseconds(20_000),
  HTTP_REQUEST_TIMEOUT_MS: httpMilliseconds(60_000),
  HTTP_SOCKET_TIMEOUT_MS: httpMilliseconds(120_000),
  /** Session cookies marked Secure: `true`, `false`, or unset for "when the request came over HTTPS". */
  AUTH_COOKIE_SECURE: z
    .enum(["true", "false", ""])
    .optional()
    .transform((v) => (v === "true" ? true : v === "false" ? false : undefined)),
});

const realPlatformKeys = [
  "PLATFORM_BASE_URL",
  "PLATFORM_CLIENT_ID",
  "PLATFORM_CLIENT_SECRET",
  "PLATFORM_MERCHANT_ID",
] as const;
const adminApiKeys = [
  "PLATFORM_ADMIN_CLIENT_ID",
  "PLATFORM_ADMIN_CLIENT_SECRET",
  "PLATFORM_ADMIN_USERNAME",
  "PLATFORM_ADMIN_PASSWORD",
] as const;
const storeApiKeys = ["PLATFORM_STORE_CLIENT_ID", "PLATFORM_STORE_CLIENT_SECRET"] as const;

type SandboxDialect = "1.7" | "2.0";

/** The embedded platforms' dialects, or what is wrong with the value (one for all, or one each). */
function embeddedDialects(value: string | undefined, platforms: number): SandboxDialect[] | string {
  if (value === undefined)
    return Array.from({ length: platforms }, (_, i): SandboxDialect => (i === 1 ? "2.0" : "1.7"));
  const parts = value.split(",").map((part) => part.trim());
  const bad = parts.find((part) => part !== "1.7" && part !== "2.0");
  if (bad !== undefined) return `takes 1.7 or 2.0 (comma-separated per platform), got "${bad}"`;
  if (parts.length === 1) return Array.from({ length: platforms }, () => parts[0] as SandboxDialect);
  if (parts.length !== platforms) return `names ${parts.length} dialects for ${platforms} platforms`;
  return parts as SandboxDialect[];
}

export type PlatformMode = "real" | "sandbox-embedded" | "sandbox-external";

function parseEnv(source: Record<string, string | undefined>) {
  const result = schema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  - ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  const raw = result.data;

  // Rules across variables, all reported at once.
  const problems: string[] = [];
  // Each group is all or nothing: half a real platform is a mistake, not sandbox mode, and half a
  // set of credentials would only fail later, at the first call.
  for (const group of [realPlatformKeys, adminApiKeys, storeApiKeys]) {
    const given = group.filter((key) => raw[key] !== undefined);
    if (given.length === 0 || given.length === group.length) continue;
    for (const key of group.filter((key) => raw[key] === undefined)) {
      problems.push(`${key}: required when ${given.join(", ")} ${given.length > 1 ? "are" : "is"} set`);
    }
  }
  const present = realPlatformKeys.filter((key) => raw[key] !== undefined);
  // Instances sharing one PostgreSQL must share these, so they cannot be generated per machine.
  if (raw.DATABASE_URL && !raw.SECRETS_KEY) {
    problems.push("SECRETS_KEY: required when DATABASE_URL is set (32 bytes, base64: openssl rand -base64 32)");
  }
  if (raw.NODE_ENV === "production" && raw.DATABASE_URL && !raw.AUTH_SECRET) {
    problems.push(
      "AUTH_SECRET: required in production with DATABASE_URL — set the same random value (`openssl rand -base64 32`) on every instance",
    );
  }
  if (raw.HTTP_REQUEST_TIMEOUT_MS < raw.HTTP_HEADERS_TIMEOUT_MS) {
    problems.push(
      "HTTP_REQUEST_TIMEOUT_MS: must be at least HTTP_HEADERS_TIMEOUT_MS (the request includes its headers)",
    );
  }
  const sandboxDialects = embeddedDialects(raw.SANDBOX_OPEN_DELIVERY, raw.SANDBOX_PLATFORMS);
  if (typeof sandboxDialects === "string") problems.push(`SANDBOX_OPEN_DELIVERY: ${sandboxDialects}`);
  if (problems.length > 0)
    throw new Error(`Invalid environment configuration:\n${problems.map((line) => `  - ${line}`).join("\n")}`);

  const platformMode: PlatformMode =
    present.length > 0 ? "real" : raw.SANDBOX_URL ? "sandbox-external" : "sandbox-embedded";

  return {
    ...raw,
    platformMode,
    /** Where this process reaches itself: the public address's last resort (lib/integrations/public-origin.ts). */
    selfOrigin: `http://${loopbackHost(raw.BIND_ADDRESS)}:${raw.PORT}`,
    /** The sandbox's HTTP app is served at /sandbox only when it is the platform we talk to. */
    sandboxMounted: platformMode === "sandbox-embedded",
    /** The Open Delivery each embedded sandbox platform speaks, the first first. */
    sandboxDialects: sandboxDialects as SandboxDialect[],
    /** Base URL of the sandbox (embedded or external); undefined against a real platform. */
    sandboxUrl:
      platformMode === "sandbox-embedded"
        ? `http://${loopbackHost(raw.BIND_ADDRESS)}:${raw.PORT}/sandbox`
        : platformMode === "sandbox-external"
          ? raw.SANDBOX_URL
          : undefined,
    /** Whether the platform may be on a loopback, private or link-local address (lib/platform/address-guard.ts). */
    allowPrivatePlatformAddresses:
      raw.ALLOW_PRIVATE_PLATFORM_ADDRESSES ?? (platformMode !== "real" || raw.NODE_ENV !== "production"),
    /** Whether a kitchen printer may be on the server's own loopback address (lib/printers/address.ts). */
    allowLoopbackPrinters: raw.ALLOW_LOOPBACK_PRINTERS ?? raw.NODE_ENV !== "production",
    pollIntervalSeconds: raw.POLL_INTERVAL_SECONDS ?? (present.length > 0 ? 30 : 2),
  };
}

/** Where this process reaches itself (the embedded sandbox): its bind address when it has one. */
function loopbackHost(bindAddress: string | undefined): string {
  if (!bindAddress || bindAddress === "0.0.0.0" || bindAddress === "::") return "127.0.0.1";
  return bindAddress.includes(":") ? `[${bindAddress}]` : bindAddress;
}

export type Env = ReturnType<typeof parseEnv>;

export const env: Env = parseEnv(process.env);

/** Exposed for tests of the parsing rules; application code uses `env`. */
export { parseEnv };
