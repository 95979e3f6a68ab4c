import { parseInput, readJson, respond, withStore } from "@/lib/api/handler";
import { quarantineRetryAnswerSchema, quarantineRetryRequestSchema } from "@/lib/contract/manager";
import { retryQuarantined } from "@/lib/integrations/operations";

export const dynamic = "force-dynamic";

/** Runs one of the store's quarantined events through ingest again (after a fix, or a passing refusal). */
export const POST = withStore("manager", async (request, { storeId }) => {
  const { id } = parseInput(quarantineRetryRequestSchema, await readJson(request));
  return respond(quarantineRetryAnswerSchema, await retryQuarantined(storeId, id));
});
