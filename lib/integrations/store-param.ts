import { z } from "zod";
import { parseInput } from "@/lib/api/handler";

const paramsSchema = z.object({ storeId: z.string().min(1).max(100) });

/** The store of /api/manager/stores/[storeId]/…, for withSession's store check and the handler. */
export async function storeParam(params: { storeId: string }): Promise<string> {
  return parseInput(paramsSchema, params).storeId;
}
