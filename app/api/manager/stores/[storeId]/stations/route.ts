import { parseInput, readJson, respond, withStore } from "@/lib/api/handler";
import { stationsInputSchema, stationsSchema } from "@/lib/contract/stations";
import { getDb } from "@/lib/db";
import { getStations, saveStations } from "@/lib/stores/stations";

export const dynamic = "force-dynamic";

/** The store's kitchen stations, where its menu goes and which orders skip expo (manager only). */
export const GET = withStore("manager", async (_request, { storeId }) =>
  respond(stationsSchema, await getStations(await getDb(), storeId)),
);

/** Replaces them; the store's active cards are recomputed with the new routes. */
export const PUT = withStore("manager", async (request, { storeId }) => {
  const input = parseInput(stationsInputSchema, await readJson(request));
  return respond(stationsSchema, await saveStations(await getDb(), storeId, input));
});
