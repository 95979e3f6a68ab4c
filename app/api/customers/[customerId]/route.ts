import { parseInput, readJson, withSession } from "@/lib/api/handler";
import { customerNotesRequestSchema, customerParamsSchema, customerStoreQuerySchema } from "@/lib/contract/customers";
import { searchParamsRecord } from "@/lib/contract/search-params";
import { getDb } from "@/lib/db";
import { changeCustomerNotes, deleteCustomer } from "@/lib/own-orders/customer-admin";

export const dynamic = "force-dynamic";

// A restaurant's customer (issue 30 point 4). The store is the query's `?storeId=`, checked
// against the viewer's (lib/own-orders/customer-admin.ts), and every query names it: another
// restaurant's customer id is a 404. GET (one customer, for the order form) lives beside these.

const scope = (request: Request, params: unknown) => ({
  ...parseInput(customerParamsSchema, params),
  ...parseInput(customerStoreQuerySchema, searchParamsRecord(new URL(request.url).searchParams)),
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
