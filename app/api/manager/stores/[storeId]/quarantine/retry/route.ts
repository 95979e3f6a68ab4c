import { parseInput, readJson, respond, withSession } from "@/lib/api/handler";
import { quarantineRetryAnswerSchema, quarantineRetryRequestSchema } from "@/lib/contract/manager";
import { retryQuarantined } from "@/lib/integrations/operations";
import { storeParam } from "@/lib/api/store-param";

export const dynamic = "force-dynamic";

/** Runs one of the store's quarantined events through ingest again (after a fix, or a passing refusal). */
export const POST = withSession<{ storeId: string }>(
  { role: "manager", store: storeParam },
  async (request, params) => {
    const { id } = parseInput(quarantineRetryRequestSchema, await readJson(request));
    return respond(quarantineRetryAnswerSchema, await retryQuarantined(await storeParam(params), id));
  },
);
