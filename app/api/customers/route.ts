import { parseInput, respond, withSession } from "@/lib/api/handler";
import { assertStore } from "@/lib/auth/guard";
import { customerListSchema, customerSearchQuerySchema } from "@/lib/contract/own-order-form";
import { searchParamsRecord } from "@/lib/contract/search-params";
import { getDb } from "@/lib/db";
import { lookUpCustomers } from "@/lib/own-orders/customer-lookup";

export const dynamic = "force-dynamic";

/**
 * A restaurant's customers (issue 30) by phone digits in any form or by name, for the order form:
 * the customer whose number it is first. Kitchen staff of that restaurant; never another's.
 */
export const GET = withSession({ role: "kitchen" }, async (request, _params, viewer) => {
  const { storeId, q } = parseInput(customerSearchQuerySchema, searchParamsRecord(new URL(request.url).searchParams));
  assertStore(viewer, storeId);
  return respond(customerListSchema, { customers: await lookUpCustomers(await getDb(), storeId, q) });
});
