import { describe, expect } from "vitest";
import { v2DocumentsFound, v2RequestErrors, v2ResponseErrors, type V2Document } from "../open-delivery-v2-schemas";
import { merchantIdOfStore } from "@/lib/sandbox/catalog";
import { burgerAcaiStore } from "@/lib/sandbox/catalog/stores";
import { startTestSandbox, type PolledEvent, type TestSandboxClient } from "./harness";

// A 2.0 client of one sandbox platform for tests: every request it sends and every answer it
// gets is checked against the rc.2 document that declares the route (../open-delivery-v2-schemas.ts;
// without the documents the checks are skipped). Routes are named by their template
// ("/orders/{orderId}/confirm"), the platform's /v2 prefix added here.

/**
 * A suite checked against the rc.2 documents: without ../shared it is skipped and its title says
 * so, rather than passing with nothing checked.
 */
export const describeAgainstV2 = (title: string, fn: () => void) =>
  describe.skipIf(!v2DocumentsFound)(v2DocumentsFound ? title : `${title} — skipped: ../shared not present`, fn);

/** 2.0's OrderEvent has 1.x's fields (less virtualBrand, which polled events never needed here). */
export type V2Event = PolledEvent;

export type V2Answer<T = unknown> = { status: number; body: T; headers: Headers };

/** Route templates: which document declares them and where the platform serves them. */
const documentOf = (route: string): V2Document =>
  route === "/oauth/token" ? "authentication" : route.startsWith("/merchants") ? "merchant" : "orders";
const servedAt = (route: string) => (route === "/oauth/token" ? route : `/v2${route}`);

export function v2Client(sbx: TestSandboxClient) {
  async function call<T = unknown>(
    method: string,
    route: string,
    init: {
      params?: Record<string, string>;
      query?: string;
      body?: unknown;
      token?: string;
      headers?: Record<string, string>;
    } = {},
  ): Promise<V2Answer<T>> {
    const document = documentOf(route);
    if (init.body !== undefined) expect(v2RequestErrors(document, route, method, init.body)).toEqual([]);
    let path = servedAt(route);
    for (const [name, value] of Object.entries(init.params ?? {})) path = path.replace(`{${name}}`, value);
    const response = await sbx.call(method, `${path}${init.query ?? ""}`, {
      ...(init.token && { token: init.token }),
      ...(init.body !== undefined && { body: init.body }),
      ...(init.headers && { headers: init.headers }),
    });
    const text = await response.text();
    const body = (text ? JSON.parse(text) : undefined) as T;
    expect(v2ResponseErrors(document, route, method, response.status, body)).toEqual([]);
    return { status: response.status, body, headers: response.headers };
  }

  async function token(credentials: { clientId: string; clientSecret: string }, scope?: string) {
    const answer = await call<{ access_token: string; scope: string }>("POST", "/oauth/token", {
      body: {
        grant_type: "client_credentials",
        client_id: credentials.clientId,
        client_secret: credentials.clientSecret,
        ...(scope !== undefined && { scope }),
      },
    });
    if (answer.status !== 200) throw new Error(`token: HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body.access_token;
  }

  async function poll(bearer: string, query = "", headers?: Record<string, string>) {
    const answer = await call<V2Event[] | undefined>("GET", "/events:polling", { token: bearer, query, headers });
    return { status: answer.status, events: answer.body ?? [] };
  }

  async function drain(bearer: string): Promise<V2Event[]> {
    const { events } = await poll(bearer);
    if (events.length > 0) {
      const ack = await call("POST", "/events/acknowledgment", {
        token: bearer,
        body: { eventIds: events.map((e) => e.eventId) },
      });
      expect(ack.status).toBe(202);
    }
    return events;
  }

  return { call, token, poll, drain };
}

/**
 * A 2.0 sandbox (seed 29) and a token of the burger store's merchant with these scopes: where the
 * catalogue's tests start (its item offers, snapshot and counts).
 */
export async function startBurgerMerchantV2(scope: string) {
  const sbx = await startTestSandbox({ openDelivery: "2.0", seed: 29 });
  const client = v2Client(sbx);
  const merchantId = merchantIdOfStore(burgerAcaiStore);
  const merchant = sbx.merchants.find((m) => m.merchantId === merchantId)!;
  const token = await client.token(
    { clientId: merchant.interchange.clientId, clientSecret: merchant.interchange.clientSecret },
    scope,
  );
  return { sbx, client, token, merchantId };
}
