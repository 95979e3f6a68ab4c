import { createConnection, createServer, type Server, type Socket } from "node:net";

/**
 * A TCP proxy in front of PostgreSQL that can freeze the connections passing through it: they stay
 * open but carry nothing more either way, with no reset — what a NAT or a firewall does when it
 * drops a connection silently. Connections made after a freeze pass as usual. It can also cut the
 * database off: every connection reset and new ones refused until restored (a database stopped or
 * unreachable).
 */
export class FreezingProxy {
  private readonly pairs = new Set<[Socket, Socket]>();
  private readonly sockets = new Set<Socket>();
  private server: Server | null = null;
  private cutOff = false;
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(): Promise<void> {
    const server = createServer((client) => {
      if (this.cutOff) return void client.destroy();
      const upstream = createConnection({ host: this.targetHost, port: this.targetPort });
      const pair: [Socket, Socket] = [client, upstream];
      this.pairs.add(pair);
      this.sockets.add(client).add(upstream);
      client.pipe(upstream);
      upstream.pipe(client);
      const close = () => {
        this.pairs.delete(pair);
        this.sockets.delete(client);
        this.sockets.delete(upstream);
        client.destroy();
        upstream.destroy();
      };
      client.on("error", close).on("close", close);
      upstream.on("error", close).on("close", close);
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    this.port = (server.address() as { port: number }).port;
  }

  /** `url` (a PostgreSQL address) through this proxy. */
  through(url: string): string {
    const address = new URL(url);
    address.hostname = "127.0.0.1";
    address.port = String(this.port);
    return address.toString();
  }

  /** Every connection open now goes silent both ways, for good. */
  freeze(): number {
    for (const [client, upstream] of this.pairs) {
      client.unpipe(upstream);
      upstream.unpipe(client);
      client.pause();
      upstream.pause();
    }
    const frozen = this.pairs.size;
    this.pairs.clear();
    return frozen;
  }

  /** The database away: every connection is reset, and new ones are until restore(). */
  cut(): void {
    this.cutOff = true;
    for (const socket of this.sockets) socket.destroy();
  }

  restore(): void {
    this.cutOff = false;
  }

  /** Ends every connection, frozen ones included, and stops listening. */
  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}
