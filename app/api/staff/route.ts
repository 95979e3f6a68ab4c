import { parseInput, readJson, respond, withSession } from "@/lib/api/handler";
import { assertStore } from "@/lib/auth/guard";
import { addStaff, listStaff } from "@/lib/auth/staff";
import { newStaffAnswerSchema, newStaffRequestSchema, staffListSchema } from "@/lib/contract/auth";

export const dynamic = "force-dynamic";

/** The staff of the viewer's stores. */
export const GET = withSession({ role: "manager" }, async (_request, _params, viewer) =>
  respond(staffListSchema, { staff: await listStaff(viewer) }),
);

/** Adds a staff member to one of the viewer's stores. */
export const POST = withSession({ role: "manager" }, async (request, _params, viewer) => {
  const input = parseInput(newStaffRequestSchema, await readJson(request));
  assertStore(viewer, input.storeId);
  return respond(newStaffAnswerSchema, { id: await addStaff(viewer, input) }, { status: 201 });
});
