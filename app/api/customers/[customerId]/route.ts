import { parseInput, respond, withSession } from "@/lib/api/handler";
import { assertStore } from "@/lib/auth/guard";
import { customerDetailSchema, customerParamsSchema, storeQuerySchema } from "@/lib/contract/own-order-form";
import { searchParamsRecord } from "@/lib/contract/search-params";
import { getDb } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { customerDetail } from "@/lib/own-orders/customer-lookup";

export const dynamic = "force-dynamic";

/**
 * One of a restaurant's customers for the order form (issue 30): name, addresses, notes and the
 * last own order's lines ("repetir pedido"). 404 for a customer of another restaurant, as for none.
 */
export const GET = withSession<{ customerId: string }>({ role: "kitchen" }, async (request, params, viewer) => {
  const { customerId } = parseInput(customerParamsSchema, params);
  const { storeId } = parseInput(storeQuerySchema, searchParamsRecord(new URL(request.url).searchParams));
  assertStore(viewer, storeId);
  const customer = await customerDetail(await getDb(), storeId, customerId);
  if (!customer) throw new AppError("not_found", "There is no such customer.");
  return respond(customerDetailSchema, customer);
});
