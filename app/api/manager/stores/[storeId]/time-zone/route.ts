import { parseInput, readJson, respond, withStore } from "@/lib/api/handler";
import { storeTimeZoneAnswerSchema, storeTimeZoneRequestSchema } from "@/lib/contract/store-time-zone";
import { getDb } from "@/lib/db";
import { setStoreTimeZone } from "@/lib/stores/time-zones";

export const dynamic = "force-dynamic";

/** The store's time zone: its history days, report buckets and displayed times follow it. */
export const PUT = withStore("manager", async (request, { storeId }) => {
  const { timeZone } = parseInput(storeTimeZoneRequestSchema, await readJson(request));
  await setStoreTimeZone(await getDb(), storeId, timeZone);
  return respond(storeTimeZoneAnswerSchema, { timeZone });
});
