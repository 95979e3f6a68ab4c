import { z } from "zod";

// Fault injection switched on through the control API (PUT /control/faults), so reliability
// tests are real HTTP against a misbehaving platform. Faults live in memory only: a restarted
// sandbox starts healthy, which is what a developer who forgot a fault switched on expects.

const rate = z.number().min(0).max(1);

export const faultRuleSchema = z.strictObject({
  /** "METHOD path", `*` as wildcard: "GET /v1/events:polling", "POST /v1/orders/*", "* /v1/*", "*". */
  route: z.string().trim().min(1),
  latencyMs: z.number().int().min(0).max(60_000).optional(),
  errorRate: rate.optional(),
  errorStatus: z.union([z.literal(500), z.literal(503)]).optional(),
  /** The connection is destroyed without an answer. */
  dropRate: rate.optional(),
  /** A 200 whose body breaks the standard's schema (a required field missing or of the wrong type). */
  malformedRate: rate.optional(),
  /**
   * A hostile platform's enormous order, still within the standard's schema: an order's details
   * (GET /v1/orders/{id}) come with `items` copies of its first item and a customer name of
   * `textLength` characters.
   */
  inflate: z
    .strictObject({
      items: z.number().int().min(1).max(100_000).optional(),
      textLength: z.number().int().min(1).max(1_000_000).optional(),
    })
    .optional(),
});

export const faultsSchema = z.strictObject({
  rules: z.array(faultRuleSchema).max(100).default([]),
  /** Every poll (and webhook push) delivers each event twice, same eventId, as real platforms redeliver. */
  duplicateEvents: z.boolean().default(false),
  /** One-shot: every access and refresh token issued so far is revoked when the faults are set. */
  revokeTokens: z.boolean().default(false),
});

export type FaultRule = z.infer<typeof faultRuleSchema>;
export type Faults = z.infer<typeof faultsSchema>;

export const noFaults = (): Faults => ({ rules: [], duplicateEvents: false, revokeTokens: false });

const patternCache = new Map<string, RegExp>();

function compile(route: string): RegExp {
  const cached = patternCache.get(route);
  if (cached) return cached;
  const [first = "*", ...rest] = route.split(/\s+/);
  // A pattern without a method ("/v1/*") applies to every method.
  const [method, path] = rest.length > 0 ? [first, rest.join(" ")] : ["*", first];
  const part = (text: string) =>
    text
      .split("*")
      .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
      .join(".*");
  const regex = new RegExp(`^${part(method.toUpperCase())} ${part(path)}$`);
  patternCache.set(route, regex);
  return regex;
}

/** The rules that apply to one request; `path` is relative to the sandbox's base path. */
export function matchingRules(faults: Faults, method: string, path: string): FaultRule[] {
  if (faults.rules.length === 0) return [];
  const subject = `${method.toUpperCase()} ${path}`;
  return faults.rules.filter((rule) => compile(rule.route).test(subject));
}

/** An order's details blown up as `inflate` says (other bodies are left as they are). */
export function inflateOrder(body: unknown, inflate: NonNullable<FaultRule["inflate"]>): unknown {
  if (!body || typeof body !== "object" || Array.isArray(body)) return body;
  const order = body as Record<string, unknown>;
  const items = Array.isArray(order.items) ? (order.items as Array<Record<string, unknown>>) : [];
  const [first] = items;
  const customer = order.customer && typeof order.customer === "object" ? order.customer : {};
  return {
    ...order,
    ...(inflate.items && first
      ? { items: Array.from({ length: inflate.items }, (_, index) => ({ ...first, index: index + 1 })) }
      : {}),
    ...(inflate.textLength ? { customer: { ...customer, name: "x".repeat(inflate.textLength) } } : {}),
  };
}

/**
 * Breaks a JSON body against the standard's schema: the first object of an array loses its
 * first field (eventId of an event: required), an object gets a number in its first field
 * (the order's id, a string).
 */
export function malform(body: unknown): unknown {
  if (Array.isArray(body)) {
    const [first, ...rest] = body as unknown[];
    if (first && typeof first === "object") {
      const copy = { ...(first as Record<string, unknown>) };
      const key = Object.keys(copy)[0];
      if (key) delete copy[key];
      return [copy, ...rest];
    }
    return [{ unexpected: true }, ...rest];
  }
  if (body && typeof body === "object") {
    const copy = { ...(body as Record<string, unknown>) };
    const key = Object.keys(copy)[0];
    if (key) copy[key] = typeof copy[key] === "number" ? "not-a-number" : 12345;
    return copy;
  }
  return { malformed: true };
}
