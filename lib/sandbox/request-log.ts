// A bounded log of interchange calls, so tests can assert what Comanda actually sent (e.g. that
// it confirmed once, or acknowledged in chunks of at most 100) without reaching into its code.

export type LoggedRequest = {
  method: string;
  path: string;
  query: string;
  status: number;
  body: unknown;
  /** Orders the call concerns: from the path, or from the items of an acknowledgment. */
  orderIds: string[];
  /** The merchants a poll named in x-polling-merchants; null when the header was absent. */
  pollingMerchants: string[] | null;
  /** The client id of the call's bearer token (a merchant's or an integrator's); null without one. */
  clientId: string | null;
  /** Who called (Comanda names its instance in its User-Agent): which instance polled when. */
  userAgent: string | null;
  /** When the call arrived and when it was answered: windows to compare (who polled when). */
  startedAt: string;
  at: string;
};

export class RequestLog {
  private entries: LoggedRequest[] = [];

  constructor(private readonly capacity = 2000) {}

  add(entry: LoggedRequest): void {
    this.entries.push(entry);
    if (this.entries.length > this.capacity) this.entries.splice(0, this.entries.length - this.capacity);
  }

  /** Newest last; `path` matches a substring so "/confirm" finds every confirm call. */
  list(filter: { orderId?: string; path?: string } = {}): LoggedRequest[] {
    return this.entries.filter(
      (e) => (!filter.orderId || e.orderIds.includes(filter.orderId)) && (!filter.path || e.path.includes(filter.path)),
    );
  }

  clear(): void {
    this.entries = [];
  }
}
