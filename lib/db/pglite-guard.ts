import "server-only";
import fs from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { log } from "@/lib/log";
import { withTimeout } from "@/lib/time/with-timeout";

/** How often a disk that refused a write is tried again while the database is down. */
const PROBE_EVERY_MS = 1_000;
/** The probe writes one page, as PGlite would, and syncs it. */
const PROBE_BYTES = Buffer.alloc(8192);
const PROBE_FILE = ".comanda-write-probe";
/** A close that has not finished by then is given up on: the files are reopened regardless. */
const CLOSE_TIMEOUT_MS = 5_000;

/** What every query gets while PGlite's disk refuses writes (and until PGlite is reopened). */
export class DatabaseDownError extends Error {
  constructor(reason: string) {
    super(`database unavailable: ${reason}`);
    this.name = "DatabaseDownError";
  }
}

/**
 * Keeps PGlite usable through a disk that becomes read-only or full (issue 26, must-have 7).
 *
 * What PGlite 0.5 does then (measured, lib/db/pglite-disk.test.ts): a failed WAL write is a PANIC;
 * PostgreSQL calls abort(), which PGlite's wasm loop swallows. The PANIC reaches the caller as an
 * error, PGlite still says it is ready, and the next statement that commits spins for ever inside
 * the wasm (the aborted backend's locks are never released) on Node's thread: the whole process
 * freezes, health checks and every board with it. A failed data-file write (a table that cannot
 * grow, a file that cannot be opened for writing) is a plain ERROR, after which the engine's
 * memory no longer matches its files. So the first disk fault condemns the instance: no statement
 * reaches it again, every query fails at once, and once a probe file can be written and synced in
 * its folder again, PGlite is opened anew on the same files and recovers from its WAL what was
 * committed. What failed was not committed, and its caller never acknowledged it (the poller
 * acknowledges events only after they are stored), so the platform sends it again.
 *
 * Queries go through `client`, which always forwards to the instance in service.
 */
export class PgliteGuard {
  private current: PGlite;
  private fault: string | undefined;
  private recovery: ReturnType<typeof setTimeout> | undefined;
  private closed = false;
  readonly client: PGlite;

  constructor(
    first: PGlite,
    private readonly dataDir: string,
    private readonly open: () => Promise<PGlite>,
  ) {
    this.current = this.watch(first);
    // Methods are bound to the instance in service: PGlite's private fields need the real object.
    this.client = new Proxy(first, {
      get: (_, key) => {
        const target = this.current;
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  }

  /** Whether the database can take writes: none refused since it was (re)opened, and a page written now. */
  acceptsWrites(): boolean {
    if (this.fault) return false;
    const refused = probeDisk(this.dataDir);
    if (refused) this.down(`the disk refused a write (${refused})`);
    return !refused;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.recovery);
    await this.current.close().catch(() => undefined);
  }

  /** Every statement passes here (query, exec and transactions alike use these two methods). */
  private watch(pg: PGlite): PGlite {
    const guard =
      (run: (...args: never[]) => Promise<unknown>) =>
      async (...args: never[]) => {
        if (this.fault || pg !== this.current) throw new DatabaseDownError(this.fault ?? "reopened");
        // Once closing, only PGlite's own Terminate goes through: a statement that was waiting
        // for the engine when close began would run on a torn-down engine and spin for ever.
        if (this.closed && !isTerminate(args[0])) throw new DatabaseDownError("closed");
        try {
          return await run(...args);
        } catch (error) {
          const fault = diskFault(error);
          if (fault && pg === this.current) this.down(fault);
          throw error;
        }
      };
    Object.assign(pg, {
      execProtocol: guard(pg.execProtocol.bind(pg)),
      execProtocolStream: guard(pg.execProtocolStream.bind(pg)),
    });
    return pg;
  }

  private down(reason: string): void {
    if (this.fault || this.closed) return;
    this.fault = reason;
    log.error({ reason }, "database down: its disk refuses writes; reopening it once the disk accepts them");
    const condemned = this.current;
    // Its statements are refused from now on, so closing it runs nothing in the engine: it only
    // lets go of the files.
    void withTimeout(condemned.close(), CLOSE_TIMEOUT_MS)
      .catch((error: unknown) => log.warn({ err: String(error) }, "closing the condemned PGlite"))
      .finally(() => this.scheduleRecovery());
  }

  private scheduleRecovery(): void {
    if (this.closed) return;
    this.recovery = setTimeout(() => void this.recover(), PROBE_EVERY_MS);
    this.recovery.unref();
  }

  private async recover(): Promise<void> {
    const refused = probeDisk(this.dataDir);
    if (refused) return this.scheduleRecovery();
    try {
      const fresh = await this.open();
      if (this.closed) return void (await fresh.close());
      this.current = this.watch(fresh);
      log.info({ after: this.fault }, "database up again: PGlite reopened");
      this.fault = undefined;
    } catch (error) {
      log.warn({ err: error instanceof Error ? error.message : String(error) }, "reopening PGlite failed");
      this.scheduleRecovery();
    }
  }
}

/**
 * Why an error means the disk refused a write, or undefined. PANIC and FATAL end PostgreSQL's one
 * backend; disk_full (53100) and io_error (58030) are what it reports for ENOSPC and EIO; EROFS
 * comes as insufficient_privilege (42501), so it is known by its system message.
 */
export function diskFault(error: unknown): string | undefined {
  if (error instanceof WebAssembly.RuntimeError) return error.message;
  if (!(error instanceof Error)) return undefined;
  const { severity, code } = error as { severity?: string; code?: string };
  if (severity === "PANIC" || severity === "FATAL" || code === "53100" || code === "58030") return error.message;
  return /read-only file system|no space left on device|input\/output error/i.test(error.message)
    ? error.message
    : undefined;
}

/** The wire protocol's Terminate message ('X'), which PGlite's close() sends. */
function isTerminate(message: unknown): boolean {
  return message instanceof Uint8Array && message[0] === 0x58;
}

/** Writes, syncs and removes a page in `dir`; returns the error code when the disk refused. */
function probeDisk(dir: string): string | undefined {
  // fs's own functions, looked up at each call (not named imports): the same calls PGlite's
  // filesystem makes, so what refuses its writes refuses this one.
  const file = path.join(dir, PROBE_FILE);
  try {
    const fd = fs.openSync(file, "w", 0o600);
    try {
      fs.writeSync(fd, PROBE_BYTES);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.unlinkSync(file);
    return undefined;
  } catch (error) {
    try {
      fs.unlinkSync(file);
    } catch {
      // Not there, or the disk refuses this too: the next probe overwrites it.
    }
    return (error as NodeJS.ErrnoException).code ?? String(error);
  }
}
