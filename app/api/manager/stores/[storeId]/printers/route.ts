import { parseInput, readJson, respond, withStore } from "@/lib/api/handler";
import { printersInputSchema, printersSchema } from "@/lib/contract/printers";
import { getDb } from "@/lib/db";
import { getPrinters, savePrinters } from "@/lib/stores/printers";

export const dynamic = "force-dynamic";

/** The store's kitchen printers (manager only: their addresses are the shop's internal network). */
export const GET = withStore("manager", async (_request, { storeId }) =>
  respond(printersSchema, await getPrinters(await getDb(), storeId)),
);

/** Replaces the list; a printer left out is deleted with its waiting tickets. */
export const PUT = withStore("manager", async (request, { storeId }) => {
  const input = parseInput(printersInputSchema, await readJson(request));
  return respond(printersSchema, await savePrinters(await getDb(), storeId, input));
});
