import { z } from "zod";
import { parseInput, readJson, withSession } from "@/lib/api/handler";
import { clearStaff, switchStaff } from "@/lib/auth/kitchen";
import { pinSchema } from "@/lib/auth/pin";

export const dynamic = "force-dynamic";

const bodySchema = z.object({ pin: pinSchema }).strict();

/** A staff member takes over this tablet (or shared kitchen account) with their PIN. */
export const POST = withSession({ role: "kitchen" }, async (request, _params, viewer) => {
  const { pin } = parseInput(bodySchema, await readJson(request));
  return Response.json({ staff: await switchStaff(viewer, pin) });
});

/** The staff member steps away: the next action needs a PIN again. */
export const DELETE = withSession({ role: "kitchen" }, async (_request, _params, viewer) => {
  await clearStaff(viewer);
  return new Response(null, { status: 204 });
});
