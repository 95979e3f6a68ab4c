import "server-only";
import { and, asc, eq, inArray, notInArray } from "drizzle-orm";
import type { PaperWidth, PrinterCodePage, Printers } from "@/lib/contract/printers";
import type { Database } from "@/lib/db";
import { kitchenStations, storePrinters } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { printerHostRefusal } from "@/lib/printers/address";

type PrintersInput = {
  printers: Array<Omit<Printers["printers"][number], "id" | "stationId"> & { id?: number; stationId?: number | null }>;
};

/** A store's kitchen printers, in the order the manager added them. */
export async function getPrinters(db: Database, storeId: string): Promise<Printers> {
  const rows = await db
    .select()
    .from(storePrinters)
    .where(eq(storePrinters.storeId, storeId))
    .orderBy(asc(storePrinters.id));
  return {
    printers: rows.map((row) => ({
      id: row.id,
      name: row.name,
      host: row.host,
      port: row.port,
      codePage: row.codePage as PrinterCodePage,
      paperWidth: row.paperWidth as PaperWidth,
      enabled: row.enabled,
      stationId: row.stationId,
    })),
  };
}

/**
 * Replaces the store's list: listed ids are updated (their own store's only), new entries added,
 * the others deleted with their waiting tickets. A host that is, or resolves to, an address a
 * printer may not have is refused with a sentence (lib/printers/address.ts), and so is a station
 * that is not one of the store's.
 */
export async function savePrinters(db: Database, storeId: string, input: PrintersInput): Promise<Printers> {
  for (const printer of input.printers) {
    const why = await printerHostRefusal(printer.host);
    if (why) throw new AppError("bad_request", `${printer.host} is a ${why} address; a printer may not use it.`);
  }
  await db.transaction(async (tx) => {
    const stationIds = [
      ...new Set(input.printers.flatMap((printer) => (printer.stationId ? [printer.stationId] : []))),
    ];
    if (stationIds.length > 0) {
      const owned = await tx
        .select({ id: kitchenStations.id })
        .from(kitchenStations)
        .where(and(eq(kitchenStations.storeId, storeId), inArray(kitchenStations.id, stationIds)));
      if (owned.length !== stationIds.length)
        throw new AppError("bad_request", "Invalid request — printers: a station is not one of this store's.");
    }
    const kept = input.printers.flatMap((printer) => (printer.id ? [printer.id] : []));
    await tx
      .delete(storePrinters)
      .where(and(eq(storePrinters.storeId, storeId), kept.length > 0 ? notInArray(storePrinters.id, kept) : undefined));
    for (const { id, ...printer } of input.printers) {
      const values = { ...printer, stationId: printer.stationId ?? null, storeId, updatedAt: new Date() };
      if (id === undefined) {
        await tx.insert(storePrinters).values(values);
        continue;
      }
      const updated = await tx
        .update(storePrinters)
        .set(values)
        .where(and(eq(storePrinters.id, id), eq(storePrinters.storeId, storeId)))
        .returning({ id: storePrinters.id });
      if (updated.length === 0) throw new AppError("not_found", "That printer is not one of this store's.");
    }
  });
  return getPrinters(db, storeId);
}
