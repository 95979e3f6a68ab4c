import { spawn, type ChildProcess } from "node:child_process";

/** What an instance process (e2e/support/poller-instance.ts) said: a lease taken or let go. */
export interface InstanceLine {
  instance: string;
  at: number;
  event: "started" | "acquired" | "lost";
  key?: string;
  token?: number;
}

export interface InstanceSettings {
  /** PostgreSQL's address, or … */
  databaseUrl?: string;
  /** … PGlite's folder (one instance only: PGlite allows one process). */
  dataDir?: string;
  sandboxUrl: string;
  intervalMs: number;
}

/**
 * Comanda instances as real processes on one PostgreSQL database (the failover and chaos tests):
 * starts them, collects what they say, and kills whatever is left at the end.
 */
export class InstanceProcesses {
  readonly lines: InstanceLine[] = [];
  private readonly children: ChildProcess[] = [];

  constructor(private readonly settings: InstanceSettings) {}

  /**
   * Starts instance `name` (also its INSTANCE_ID, which names it to the platform); with `httpPort`
   * it serves its board, stream and actions there. Its database connections carry the
   * application_name `comanda-<name>`, so a test can terminate them.
   */
  start(name: string, httpPort?: number): ChildProcess {
    const { databaseUrl, dataDir, sandboxUrl, intervalMs } = this.settings;
    const address = databaseUrl ? new URL(databaseUrl) : undefined;
    address?.searchParams.set("application_name", `comanda-${name}`);
    const child = spawn(
      process.execPath,
      ["--conditions=react-server", "--import", "tsx", "e2e/support/poller-instance.ts"],
      {
        env: {
          ...process.env,
          ...(address && { FAILOVER_DATABASE_URL: address.toString() }),
          ...(dataDir && { FAILOVER_DATA_DIR: dataDir }),
          FAILOVER_SANDBOX_URL: sandboxUrl,
          FAILOVER_INSTANCE: name,
          FAILOVER_INTERVAL_MS: String(intervalMs),
          ...(httpPort !== undefined && { FAILOVER_HTTP_PORT: String(httpPort) }),
          INSTANCE_ID: name,
          LOG_LEVEL: "silent",
        },
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    let buffer = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      buffer += chunk.toString();
      let end: number;
      while ((end = buffer.indexOf("\n")) >= 0) {
        const text = buffer.slice(0, end);
        buffer = buffer.slice(end + 1);
        if (text.startsWith("{")) this.lines.push(JSON.parse(text) as InstanceLine);
      }
    });
    child.once("exit", (code, signal) => console.log(`instance ${name} exited (${signal ?? code})`));
    this.children.push(child);
    return child;
  }

  /** Whether instance `name` said it started. */
  started(name: string): boolean {
    return this.lines.some((line) => line.instance === name && line.event === "started");
  }

  /** The keys each instance holds now, from what it said. */
  holdings(): Map<string, Set<string>> {
    const held = new Map<string, Set<string>>();
    for (const line of this.lines) {
      const mine = held.get(line.instance) ?? new Set<string>();
      held.set(line.instance, mine);
      if (line.event === "acquired") mine.add(line.key!);
      if (line.event === "lost") mine.delete(line.key!);
    }
    return held;
  }

  killAll(): void {
    for (const child of this.children) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      child.kill("SIGCONT");
      child.kill("SIGKILL");
    }
  }
}
