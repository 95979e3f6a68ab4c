import { parseInput, readJson, respond, withSession } from "@/lib/api/handler";
import { clearStaff, switchStaff } from "@/lib/auth/kitchen";
import { pinAnswerSchema, pinRequestSchema } from "@/lib/contract/auth";

export const dynamic = "force-dynamic";

/** A staff member takes over this tablet (or shared kitchen account) with their PIN. */
export const POST = withSession({ role: "kitchen" }, async (request, _params, viewer) => {
  const { pin } = parseInput(pinRequestSchema, await readJson(request));
  return respond(pinAnswerSchema, { staff: await switchStaff(viewer, pin) });
});

/** The staff member steps away: the next action needs a PIN again. */
export const DELETE = withSession({ role: "kitchen" }, async (_request, _params, viewer) => {
  await clearStaff(viewer);
  return new Response(null, { status: 204 });
});
