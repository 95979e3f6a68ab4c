import { parseInput, readJson, respond, withSession } from "@/lib/api/handler";
import { storeTimeZoneAnswerSchema, storeTimeZoneRequestSchema } from "@/lib/contract/store-time-zone";
import { getDb } from "@/lib/db";
import { storeParam } from "@/lib/api/store-param";
import { setStoreTimeZone } from "@/lib/stores/time-zones";

export const dynamic = "force-dynamic";

/** The store's time zone: its history days, report buckets and displayed times follow it. */
export const PUT = withSession<{ storeId: string }>({ role: "manager", store: storeParam }, async (request, params) => {
  const { timeZone } = parseInput(storeTimeZoneRequestSchema, await readJson(request));
  await setStoreTimeZone(await getDb(), await storeParam(params), timeZone);
  return respond(storeTimeZoneAnswerSchema, { timeZone });
});
