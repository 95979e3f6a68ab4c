import type { Context } from "hono";
import type { Faults } from "../faults";
import type { DiscoverySwitch } from "../discovery-switch";
import type { FuzzPlatform } from "../fuzz";
import type { Platform } from "../platform";
import type { RequestLog } from "../request-log";
import type { AccessToken } from "../types";
import type { WebhookPusher } from "../webhooks";

export type SandboxEnv = { Variables: { token: AccessToken } };

export type HttpDeps = {
  platform: Platform;
  /** Mutable box: the control API swaps the value, interchange routes read it per request. */
  faults: { current: Faults };
  log: RequestLog;
  /** Mutable box: the fuzz platform while fuzz mode is on (PUT /control/fuzz), else null. */
  fuzz: { current: FuzzPlatform | null };
  /**
   * Order details answered verbatim instead of the order's document (PUT /control/orders/{id}/
   * raw-details): how tests send exactly the bytes a broken platform would, JSON or not.
   */
  rawDetails: Map<string, string>;
  webhooks: WebhookPusher;
  /** Mutable box: what GET /.well-known/opendelivery answers (PUT /control/discovery). */
  discovery: { current: DiscoverySwitch };
  /** "" standalone, "/sandbox" when mounted inside Comanda. */
  basePath: string;
};

/**
 * The origin the caller used, so orderURL is right whether the sandbox runs standalone on any
 * port or mounted in Next.js behind a proxy that says where it forwarded from.
 */
export function originOf(c: Context): string {
  const url = new URL(c.req.url);
  const first = (value: string | undefined) => value?.split(",")[0]?.trim() || undefined;
  const host = first(c.req.header("x-forwarded-host")) ?? url.host;
  const proto = first(c.req.header("x-forwarded-proto")) ?? url.protocol.replace(/:$/, "");
  return `${proto}://${host}`;
}

export function orderUrl(c: Context, basePath: string, orderId: string): string {
  return `${originOf(c)}${basePath}/v1/orders/${orderId}`;
}
