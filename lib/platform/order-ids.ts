import type { PlatformEvent } from "@/lib/platform/interchange/schemas";
import { PlatformError } from "./errors";

// What the 1.x and 2.0 order clients share about naming a connection's orders: ids cross as
// Comanda's (the connection's prefix in front) and leave as the platform's, and an event's
// orderURL is followed only under the API the connection was configured for.

/** A connection's namespace for the platform's ids (platform_connections.order_id_prefix). */
export class OrderIds {
  constructor(private readonly prefix = "") {}

  /** An event as Comanda keeps it: its ids in this connection's namespace. */
  own(event: PlatformEvent): PlatformEvent {
    return this.prefix
      ? { ...event, eventId: this.prefix + event.eventId, orderId: this.prefix + event.orderId }
      : event;
  }

  /** The platform's id of an order or event Comanda names. */
  platform(id: string): string {
    return this.prefix && id.startsWith(this.prefix) ? id.slice(this.prefix.length) : id;
  }
}

/**
 * The path (under `apiPath`) to read an order at: the event's orderURL when it points under the
 * configured origin and API path — the BFF follows no URL to a host it was not configured for —
 * else `fallback`.
 */
export function orderPathOf(
  api: { origin: string; apiPath: string },
  orderURL: string | undefined,
  fallback: string,
): string {
  if (!orderURL) return fallback;
  try {
    const url = new URL(orderURL);
    if (url.origin !== api.origin || !url.pathname.startsWith(`${api.apiPath}/`)) return fallback;
    return url.pathname.slice(api.apiPath.length) + url.search;
  } catch {
    return fallback;
  }
}

/** validateCode's answer: true on 2xx, false on 400 (a wrong code); anything else is the platform failing. */
export async function codeAccepted(call: () => Promise<{ text(): Promise<string> }>): Promise<boolean> {
  try {
    const response = await call();
    await response.text().catch(() => "");
    return true;
  } catch (error) {
    if (error instanceof PlatformError && error.status === 400) return false;
    throw error;
  }
}
