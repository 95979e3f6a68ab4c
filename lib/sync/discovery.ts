import "server-only";
import { eq, inArray } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { connectionDiscovery, type ManifestState } from "@/lib/db/schema";
import { log } from "@/lib/log";
import { actionsNotOffered, chooseDialect } from "@/lib/platform/discovery/dialect";
import {
  declaredCatalogSyncModel,
  declaredEvents,
  declaredOperations,
  type CatalogSyncModel,
} from "@/lib/platform/discovery/manifest";
import { readManifest, type ManifestRead } from "@/lib/platform/discovery/read";
import type { OrderAction } from "@/lib/contract/board-values";
import { processSingleton } from "@/lib/process/singleton";

/** What a connection runs on, from its manifest, as Operations and the board read it. */
export interface ConnectionDiscovery {
  connectionId: string;
  /** "1.x", or null: inactive (no manifest ever worked and the last one was refused). */
  dialect: string | null;
  state: ManifestState;
  problem: string | null;
  operations: string[] | null;
  events: string[] | null;
  versions: string[] | null;
  /** How the platform keeps the catalogue in sync (lib/platform/v2/catalogue.ts); null: not declared. */
  catalogSyncModel: CatalogSyncModel | null;
  checkedAt: Date;
  readAt: Date | null;
}

type Row = typeof connectionDiscovery.$inferSelect;

/**
 * What one read means for the connection, given what it ran on before (pure).
 * - Read, with a version Comanda speaks: its dialect, operations and events, now.
 * - Read, but no version in common: refused (unsupportedVersion).
 * - Refused or not read (missing, invalid, unsupportedVersion, unreachable): the connection stays
 *   on what worked before — the last accepted manifest's dialect and operations. With nothing
 *   before: a missing manifest is a 1.x platform as every one was before discovery (1.x, every
 *   operation offered); an unreachable one is given the same benefit until it answers; an invalid
 *   one, or one declaring only versions Comanda does not speak, leaves the connection inactive.
 */
export function judgeRead(
  connectionId: string,
  read: ManifestRead,
  previous: ConnectionDiscovery | null,
  now: Date,
): ConnectionDiscovery {
  if (read.outcome === "read") {
    const versions = read.manifest.openDelivery.supportedVersions;
    const dialect = chooseDialect(versions);
    if (dialect)
      return {
        connectionId,
        dialect,
        state: "read",
        problem: null,
        operations: declaredOperations(read.manifest),
        events: declaredEvents(read.manifest),
        versions,
        catalogSyncModel: declaredCatalogSyncModel(read.manifest),
        checkedAt: now,
        readAt: now,
      };
    return refused("unsupportedVersion", `Declares ${versions.join(", ").slice(0, 200)} only`);
  }
  return refused(read.outcome, read.problem);

  function refused(state: Exclude<ManifestState, "read">, problem: string): ConnectionDiscovery {
    if (previous?.readAt) return { ...previous, state, problem, checkedAt: now };
    const benefit = state === "missing" || state === "unreachable";
    return {
      connectionId,
      dialect: benefit ? "1.x" : null,
      state,
      problem,
      operations: null,
      events: null,
      versions: null,
      catalogSyncModel: null,
      checkedAt: now,
      readAt: null,
    };
  }
}

/** The board actions this connection's platform does not offer (see actionsNotOffered). */
export function notOfferedBy(discovery: ConnectionDiscovery | undefined): OrderAction[] {
  if (!discovery) return [];
  return actionsNotOffered(discovery.operations, discovery.dialect !== null);
}

export async function readDiscoveries(
  db: Database,
  connectionIds?: readonly string[],
): Promise<Map<string, ConnectionDiscovery>> {
  if (connectionIds?.length === 0) return new Map();
  const rows = await db
    .select()
    .from(connectionDiscovery)
    .where(connectionIds ? inArray(connectionDiscovery.connectionId, [...connectionIds]) : undefined);
  return new Map(rows.map((row: Row) => [row.connectionId, row]));
}

/**
 * Reads a connection's manifest now and records what it means (at connect, each hour, and on
 * "test connection"). Never throws for the platform's sake; a database failure is logged.
 */
export async function refreshDiscovery(
  db: Database,
  connection: { id: string; baseUrl: string },
  now: () => Date = () => new Date(),
): Promise<ConnectionDiscovery | null> {
  try {
    const read = await readManifest(connection.baseUrl);
    const previous = (await readDiscoveries(db, [connection.id])).get(connection.id) ?? null;
    const next = judgeRead(connection.id, read, previous, now());
    await db
      .insert(connectionDiscovery)
      .values(next)
      .onConflictDoUpdate({ target: connectionDiscovery.connectionId, set: { ...next } });
    remembered().set(connection.id, next);
    if (next.state !== "read" && previous?.state !== next.state)
      log.warn({ connection: connection.id, state: next.state, problem: next.problem }, "platform manifest refused");
    return next;
  } catch (error) {
    log.error({ err: error, connection: connection.id }, "platform manifest: could not record");
    return null;
  }
}

/**
 * Whether the platform's own answer decided the connection's dialect: a manifest read once, or a
 * 404 saying there is none (a 1.x platform). Not while the manifest has never answered: the 1.x
 * judgeRead gives it then is a guess, and a 2.0-only platform answers every 1.x call with a 404.
 */
export function dialectDecided(discovery: ConnectionDiscovery | null | undefined): boolean {
  return discovery != null && (discovery.readAt !== null || discovery.state !== "unreachable");
}

/** Pauses between a new connection's reads while its manifest does not answer: about 15 s in all. */
export const FIRST_READ_PAUSES_MS = [1_000, 2_000, 4_000, 8_000] as const;

const pauseFor = (attempt: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, FIRST_READ_PAUSES_MS[attempt]));

/**
 * A connection's first manifest read, tried again while the platform does not answer it (it may
 * be starting, as an embedded sandbox under load is), so that a new connection's first poll goes
 * out in the dialect the platform declares. Bounded: after the last pause the connection runs on
 * judgeRead's 1.x benefit, and the minute's refresh (discoveryDue) goes on asking. Never throws.
 */
export async function readUntilAnswered(
  db: Database,
  connection: { id: string; baseUrl: string },
  pause: (attempt: number) => Promise<void> = pauseFor,
): Promise<ConnectionDiscovery | null> {
  let discovery = await refreshDiscovery(db, connection);
  for (let attempt = 0; attempt < FIRST_READ_PAUSES_MS.length && discovery && !dialectDecided(discovery); attempt++) {
    await pause(attempt);
    discovery = await refreshDiscovery(db, connection);
  }
  return discovery;
}

/** Forgets a connection's record (tests; a deleted connection's row goes with it by cascade). */
export async function forgetDiscovery(db: Database, connectionId: string): Promise<void> {
  await db.delete(connectionDiscovery).where(eq(connectionDiscovery.connectionId, connectionId));
}

// What each connection's last read decided, in this process: the status feed (every few seconds)
// names the actions a platform does not offer from here, and an action is refused from here, with
// no database read. Filled by every read; loaded at start for the connections that have a record.
const remembered = () => processSingleton("discoveries", () => new Map<string, ConnectionDiscovery>());

/** The connection's last decision in this process (undefined before its first read here). */
export function rememberedDiscovery(connectionId: string): ConnectionDiscovery | undefined {
  return remembered().get(connectionId);
}

/** Loads the recorded decisions into this process's memory (at start, before the first read answers). */
export async function loadDiscoveries(db: Database): Promise<void> {
  for (const [id, discovery] of await readDiscoveries(db)) if (!remembered().has(id)) remembered().set(id, discovery);
}

/** Every hour: manifests change rarely, and a change must not wait for a restart. */
export const DISCOVERY_EVERY_MS = 60 * 60 * 1000;
/** A platform whose manifest did not answer (it may have been starting, as the sandbox does) is asked again sooner. */
const UNREACHABLE_AGAIN_MS = 60 * 1000;

/** Whether the connection's manifest is due to be read again in this process. */
export function discoveryDue(connectionId: string, now: Date): boolean {
  const last = remembered().get(connectionId);
  if (!last) return true;
  const every = last.state === "unreachable" ? UNREACHABLE_AGAIN_MS : DISCOVERY_EVERY_MS;
  return now.getTime() - last.checkedAt.getTime() >= every;
}
