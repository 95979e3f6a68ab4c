import { z } from "zod";
import { parseInput } from "@/lib/api/handler";
import { textId } from "@/lib/contract/text";

const paramsSchema = z.object({ storeId: textId });

/** The store of /api/manager/stores/[storeId]/…, for withSession's store check and the handler. */
export async function storeParam(params: { storeId: string }): Promise<string> {
  return parseInput(paramsSchema, params).storeId;
}
