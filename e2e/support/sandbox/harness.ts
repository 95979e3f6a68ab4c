import { serve } from "@hono/node-server";
import Ajv, { type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import { mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { createSandbox, type Sandbox, type SandboxOptions } from "../../../lib/sandbox/index";
import { createSandboxHost, type SandboxHost, type SandboxHostOptions } from "../../../lib/sandbox/platforms";
import type { Merchant } from "../../../lib/sandbox/types";
import { readOfficialSchemaFile } from "../open-delivery-spec";

// Test support for the sandbox's own tests: a real HTTP server on an ephemeral port, and the
// official Open Delivery schemas (found by ../open-delivery-spec.ts; without them every body
// passes, the check skipped and said so once).

export const newDataDir = () => mkdtempSync(path.join(os.tmpdir(), "comanda-sandbox-test-"));

export type TestSandbox = {
  url: string;
  sandbox: Sandbox;
  dataDir: string;
  merchants: Merchant[];
  /** Stops the sandbox (flushing its snapshot) and the server; removes the data folder unless kept. */
  close(options?: { keepData?: boolean }): Promise<void>;
  call(
    method: string,
    pathname: string,
    init?: { body?: unknown; token?: string; headers?: Record<string, string> },
  ): Promise<Response>;
  /** An interchange token for a merchant's own credentials (the first merchant's by default) or an integrator's. */
  token(credentials?: Pick<Merchant, "interchange">): Promise<string>;
  createOrder(body?: Record<string, unknown>): Promise<string>;
  /** A control call's JSON answer (throws on a non-2xx). */
  control<T = unknown>(method: string, pathname: string, body?: unknown): Promise<T>;
  /** Polls; `events` is [] on 204. */
  poll(token: string, query?: string): Promise<{ status: number; events: PolledEvent[] }>;
  /** Polls and acknowledges everything pending; returns what was pending. */
  drain(token: string): Promise<PolledEvent[]>;
};

export type PolledEvent = {
  eventId: string;
  eventType: string;
  orderId: string;
  orderURL: string;
  createdAt: string;
  sourceAppId: string;
  metadata?: Record<string, unknown>;
};

export async function startTestSandbox(options: Partial<SandboxOptions> = {}): Promise<TestSandbox> {
  const dataDir = options.dataDir ?? newDataDir();
  const basePath = options.basePath ?? "";
  const sandbox = createSandbox({ simulatorIntervalSeconds: 0, ...options, dataDir, basePath });
  const server = await serveOnEphemeralPort(sandbox.app.fetch);
  return {
    ...sandboxClient(`${server.origin}${basePath}`, sandbox.platform.state.merchants),
    sandbox,
    dataDir,
    async close({ keepData = false } = {}) {
      sandbox.stop();
      await server.close();
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestSandboxHost = {
  origin: string;
  host: SandboxHost;
  /** One client per platform, at its base path, the first first. */
  platforms: TestSandboxClient[];
  close(): Promise<void>;
};

/** Several platforms in one process (platforms.ts) behind one real HTTP server. */
export async function startTestSandboxHost(options: Partial<SandboxHostOptions> = {}): Promise<TestSandboxHost> {
  const dataDir = options.dataDir ?? newDataDir();
  const host = createSandboxHost({ simulatorIntervalSeconds: 0, basePath: "", ...options, dataDir });
  const server = await serveOnEphemeralPort(host.fetch);
  return {
    origin: server.origin,
    host,
    platforms: host.sandboxes.map((s) =>
      sandboxClient(`${server.origin}${s.options.basePath}`, s.platform.state.merchants),
    ),
    async close() {
      host.stop();
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function serveOnEphemeralPort(fetch: (request: Request, env?: unknown) => Response | Promise<Response>) {
  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s as Server));
  });
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type TestSandboxClient = Omit<TestSandbox, "sandbox" | "dataDir" | "close">;

/** Calls one platform at `url` (its base path included) as a client and as a test driving it. */
function sandboxClient(url: string, merchants: Merchant[]): TestSandboxClient {
  const call: TestSandbox["call"] = (method, pathname, init = {}) => {
    const headers: Record<string, string> = { ...init.headers };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    if (init.body !== undefined) headers["content-type"] ??= "application/json";
    const body =
      init.body === undefined ? undefined : typeof init.body === "string" ? init.body : JSON.stringify(init.body);
    return fetch(`${url}${pathname}`, { method, headers, body });
  };
  const poll: TestSandbox["poll"] = async (token, query = "") => {
    const response = await call("GET", `/v1/events:polling${query}`, { token });
    if (response.status === 200) {
      const events = (await response.json()) as PolledEvent[];
      const validate = officialSchema("order-polling", "response");
      if (!validate(events)) throw new Error(`polling body breaks the official schema: ${describeErrors(validate)}`);
      return { status: 200, events };
    }
    await response.body?.cancel();
    return { status: response.status, events: [] };
  };
  const first = merchants[0];
  if (!first) throw new Error("the sandbox has no merchants");

  return {
    url,
    merchants,
    call,
    async token(merchant = first) {
      const response = await call("POST", "/oauth/token", {
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "client_credentials",
          client_id: merchant.interchange.clientId,
          client_secret: merchant.interchange.clientSecret,
        }).toString(),
      });
      if (response.status !== 200) throw new Error(`token: HTTP ${response.status}`);
      return ((await response.json()) as { access_token: string }).access_token;
    },
    async control<T>(method: string, pathname: string, body?: unknown) {
      const response = await call(method, pathname, body === undefined ? {} : { body });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${pathname}: HTTP ${response.status} ${text}`);
      return (text ? JSON.parse(text) : undefined) as T;
    },
    poll,
    async drain(token) {
      const { events } = await poll(token);
      if (events.length > 0) {
        const body = events.map((e) => ({ id: e.eventId, orderId: e.orderId, eventType: e.eventType }));
        const ack = await call("POST", "/v1/events/acknowledgment", { token, body });
        if (ack.status !== 202) throw new Error(`ack: HTTP ${ack.status}`);
      }
      return events;
    },
    async createOrder(body = {}) {
      const response = await call("POST", "/control/orders", { body: { merchantId: first.merchantId, ...body } });
      if (response.status !== 201) throw new Error(`create order: HTTP ${response.status} ${await response.text()}`);
      return ((await response.json()) as { orderId: string }).orderId;
    },
  };
}

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
// Formats the official schemas use that ajv-formats does not define; any number is fine.
ajv.addFormat("double", true).addFormat("float", true);

/**
 * The schemas predate 1.5: its PREPARING, PICKED_UP and PREPARATION_REQUESTED join every event-type
 * enum, and 1.7's MIN_ORDER_FEE the fee types.
 */
const EXTENSION_EVENT_TYPES = ["PREPARING", "PICKED_UP", "PREPARATION_REQUESTED"];

function withExtensions(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withExtensions);
  if (!node || typeof node !== "object") return node;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) copy[key] = withExtensions(value);
  const values = copy.enum;
  if (Array.isArray(values) && values.includes("CREATED") && values.includes("CONFIRMED")) {
    copy.enum = [...values, ...EXTENSION_EVENT_TYPES.filter((t) => !values.includes(t))];
  }
  // 1.7's fee type (checked against 1.7.0's own document in lib/sandbox/orders-1.7.test.ts).
  if (Array.isArray(values) && values.includes("SERVICE_FEE") && !values.includes("MIN_ORDER_FEE")) {
    copy.enum = [...values, "MIN_ORDER_FEE"];
  }
  return copy;
}

/** A validator for one side of an official schema file, e.g. ("order-details", "response"). */
const compiled = new Map<string, ValidateFunction>();

export function officialSchema(name: string, side: "request" | "response"): ValidateFunction {
  const key = `${name}:${side}`;
  const cached = compiled.get(key);
  if (cached) return cached;
  const file = readOfficialSchemaFile(name);
  // The empty schema accepts every body: the check is skipped.
  const schema = file ? file[side] : {};
  if (!schema) throw new Error(`${name}.json has no ${side} schema`);
  const validate = ajv.compile(withExtensions(schema) as object);
  compiled.set(key, validate);
  return validate;
}

export const describeErrors = (validate: ValidateFunction) => ajv.errorsText(validate.errors);
