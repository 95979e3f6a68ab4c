import { createHmac } from "node:crypto";
import type { Platform } from "./platform";
import { publicEvent } from "./public-event";
import type { Merchant, StoredEvent } from "./types";
import { v2OrderUrl, v2PublicEvent } from "./v2/events";

// Optional webhook push (PUT /control/merchants/{id}/webhook): every new event of that merchant
// is POSTed to `{url}/v1/newEvent`, signed as the standard says — X-App-Signature is the
// lowercase hex HMAC-SHA256 of the raw body keyed with the merchant's interchange client secret.
// A failure (network error, timeout, non-2xx) is retried with exponential backoff, a bounded
// number of times. Pushing does not acknowledge: polling returns the event until acknowledged.
// A 2.0 platform pushes 2.0's OrderEvent to `{url}/v2/newEvent` (rc.2 gives the webhook no path:
// the sandbox keeps 1.x's layout, one version segment apart), signed the same way.

export type WebhookOptions = {
  /** Delay before the 2nd attempt; doubles each time. Default 1000 ms. */
  retryBaseMs: number;
  /** Attempts per event, the first included. Default 5. */
  maxAttempts: number;
  /** Per-attempt timeout. Default 5000 ms. */
  timeoutMs: number;
  /** The duplicateEvents fault: each event is pushed twice. */
  duplicate: () => boolean;
};

export type WebhookDelivery = {
  eventId: string;
  eventType: string;
  merchantId: string;
  url: string;
  attempt: number;
  status: number | null;
  error: string | null;
  at: string;
};

export const signBody = (body: string, secret: string) => createHmac("sha256", secret).update(body).digest("hex");

export class WebhookPusher {
  readonly deliveries: WebhookDelivery[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  /** Per merchant, the pushes not yet done: an attempt in flight or a retry waiting. */
  private readonly unfinished = new Map<string, number>();
  private stopped = false;

  constructor(
    private readonly platform: Platform,
    private readonly options: WebhookOptions,
  ) {
    platform.onEvent((event) => this.push(event));
  }

  push(event: StoredEvent): void {
    const merchant = this.platform.state.merchant(event.merchantId);
    if (!merchant?.webhook || this.stopped) return;
    const base = merchant.webhook.orderBaseUrl;
    const body = JSON.stringify(
      this.v2
        ? v2PublicEvent(event, v2OrderUrl(base, event.orderId))
        : publicEvent(event, `${base}/v1/orders/${event.orderId}`),
    );
    const copies = this.options.duplicate() ? 2 : 1;
    for (let i = 0; i < copies; i++) {
      this.count(merchant.merchantId, 1);
      void this.attempt(merchant, event, body, 1);
    }
  }

  /**
   * The merchant's pushes not yet done (an attempt in flight or a retry waiting). At 0 nothing
   * more will reach the receiver until a new event: tests wait for that, not for time to pass.
   */
  pending(merchantId: string): number {
    return this.unfinished.get(merchantId) ?? 0;
  }

  private get v2(): boolean {
    return this.platform.dialect === "2.0";
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.unfinished.clear();
  }

  private count(merchantId: string, change: number): void {
    const left = (this.unfinished.get(merchantId) ?? 0) + change;
    if (left > 0) this.unfinished.set(merchantId, left);
    else this.unfinished.delete(merchantId);
  }

  /** The standard keys the signature with the client secret: the integrator's when one covers the merchant. */
  private signingSecret(merchant: Merchant): string {
    return this.platform.state.integratorOf(merchant.merchantId)?.clientSecret ?? merchant.interchange.clientSecret;
  }

  private async attempt(merchant: Merchant, event: StoredEvent, body: string, attempt: number): Promise<void> {
    const url = `${(merchant.webhook?.url ?? "").replace(/\/+$/, "")}/${this.v2 ? "v2" : "v1"}/newEvent`;
    let status: number | null = null;
    let error: string | null = null;
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-app-id": this.platform.identity.sourceAppId,
          "x-app-merchantid": merchant.merchantId,
          "x-app-signature": signBody(body, this.signingSecret(merchant)),
        },
        body,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      status = response.status;
      await response.body?.cancel();
    } catch (caught) {
      error = caught instanceof Error ? caught.message : String(caught);
    }
    this.record({
      eventId: event.eventId,
      eventType: event.eventType,
      merchantId: merchant.merchantId,
      url,
      attempt,
      status,
      error,
      at: new Date().toISOString(),
    });
    const ok = status !== null && status >= 200 && status < 300;
    if (ok || attempt >= this.options.maxAttempts || this.stopped) {
      if (!this.stopped) this.count(merchant.merchantId, -1);
      return;
    }
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        void this.attempt(merchant, event, body, attempt + 1);
      },
      this.options.retryBaseMs * 2 ** (attempt - 1),
    );
    timer.unref();
    this.timers.add(timer);
  }

  private record(delivery: WebhookDelivery): void {
    this.deliveries.push(delivery);
    if (this.deliveries.length > 1000) this.deliveries.splice(0, this.deliveries.length - 1000);
  }
}
