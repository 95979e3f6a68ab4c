import { parseInput, readJson, respond, withSession } from "@/lib/api/handler";
import { assertStore } from "@/lib/auth/guard";
import { customerNotesRequestSchema, customerParamsSchema, customerStoreQuerySchema } from "@/lib/contract/customers";
import { customerDetailSchema } from "@/lib/contract/own-order-form";
import { searchParamsRecord } from "@/lib/contract/search-params";
import { getDb } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { changeCustomerNotes, deleteCustomer } from "@/lib/own-orders/customer-admin";
import { customerDetail } from "@/lib/own-orders/customer-lookup";

export const dynamic = "force-dynamic";

// A restaurant's customer (issue 30 point 4). The store is the query's `?storeId=`, checked
// against the viewer's, and every query names it: another restaurant's customer id is a 404.

const scope = (request: Request, params: unknown) => ({
  ...parseInput(customerParamsSchema, params),
  ...parseInput(customerStoreQuerySchema, searchParamsRecord(new URL(request.url).searchParams)),
});

/**
 * One customer for the order form: name, addresses, notes and the last own order's lines
 * ("repetir pedido").
 */
export const GET = withSession<{ customerId: string }>({ role: "kitchen" }, async (request, params, viewer) => {
  const { customerId, storeId } = scope(request, params);
  assertStore(viewer, storeId);
  const customer = await customerDetail(await getDb(), storeId, customerId);
  if (!customer) throw new AppError("not_found", "There is no such customer.");
  return respond(customerDetailSchema, customer);
});

/** The note: the kitchen may write it (the phone operator hears "sempre sem cebola"). 204. */
export const PATCH = withSession({ role: "kitchen" }, async (request, params, viewer) => {
  const where = scope(request, params);
  const { notes } = parseInput(customerNotesRequestSchema, await readJson(request));
  await changeCustomerNotes(await getDb(), viewer, { ...where, notes });
  return new Response(null, { status: 204 });
});

/** Forgetting the customer (LGPD): a manager's decision, it cannot be undone. 204. */
export const DELETE = withSession({ role: "manager" }, async (request, params, viewer) => {
  await deleteCustomer(await getDb(), viewer, scope(request, params));
  return new Response(null, { status: 204 });
});
