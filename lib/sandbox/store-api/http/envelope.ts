import type { Context, MiddlewareHandler } from "hono";
import type { z } from "zod";
import type { StoreDef } from "../../catalog/types";
import { SandboxError } from "../../errors";
import type { HttpDeps } from "../../http/context";
import { ENVELOPE_CODES, errorEnvelope, fieldPath, readJson } from "../../http/problem";
import { TokenError, verifyStoreApiToken } from "../../tokens";
import { storeDomainOf, type StoreDomain } from "../domain";
import { StoreApiError } from "../errors";
import type { Profile } from "../state";

// The store API's envelope, its caller (headers + bearer token, checked by tokens.ts) and input
// parsing whose 400 names the field.

export type StoreCaller = { merchantId: string; serviceId: string; customerId?: number };
export type StoreEnv = { Variables: { caller: StoreCaller; store: StoreDef; domain: StoreDomain } };
export type StoreContext = Context<StoreEnv>;

export const ok = (c: Context, data?: unknown, status: 200 | 201 = 200) =>
  c.json(data === undefined ? { status: "success" } : { status: "success", data }, status);

export function storeError(c: Context, error: unknown): Response {
  if (error instanceof StoreApiError || error instanceof TokenError)
    return errorEnvelope(c, error.status, error.code, error.title);
  if (error instanceof SandboxError)
    return errorEnvelope(c, error.status, ENVELOPE_CODES[error.status] ?? "error", error.title);
  console.error("[sandbox] store API: unexpected error", error);
  return errorEnvelope(c, 500, "internal_error", "Unexpected error");
}

/** Parses with zod; a failure is a 400 `invalid_request` whose message starts with the field. */
export function parse<T extends z.ZodType>(schema: T, input: unknown, where = ""): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = `${where}${issue ? fieldPath(issue.path) : ""}` || "body";
  throw new StoreApiError(400, "invalid_request", `${field}: ${issue?.message ?? "invalid"}`);
}

export const body = (c: Context): Promise<unknown> =>
  readJson(c, () => new StoreApiError(400, "invalid_request", "body: not valid JSON"));

export function storeAuth(deps: HttpDeps): MiddlewareHandler<StoreEnv> {
  return async (c, next) => {
    const verified = verifyStoreApiToken(deps.platform, c.req.raw.headers);
    const domain = storeDomainOf(deps.platform);
    const caller: StoreCaller = { merchantId: verified.storeId, serviceId: verified.serviceId };
    if (verified.customerId !== undefined) caller.customerId = verified.customerId;
    c.set("caller", caller);
    c.set("store", domain.storeOf(verified.serviceId));
    c.set("domain", domain);
    await next();
    // Whatever a store API call changed reaches the snapshot.
    if (c.req.method !== "GET") deps.platform.touch();
  };
}

/** The logged-in customer (a password-grant token); 403 with an application token. */
export function customerOf(c: StoreContext): { customerId: number; profile: Profile } {
  const { customerId, merchantId } = c.var.caller;
  if (customerId === undefined) {
    throw new StoreApiError(
      403,
      "customer_login_required",
      "This operation needs a customer's token (grant_type=password)",
    );
  }
  return { customerId, profile: c.var.domain.profile(merchantId, customerId) };
}

/** The customer when the token is a customer's, else undefined. */
export const maybeCustomer = (c: StoreContext) =>
  c.var.caller.customerId === undefined ? undefined : customerOf(c).profile;
