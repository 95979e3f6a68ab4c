import { parseInput, readJson, withSession } from "@/lib/api/handler";
import { changeStaff, storesOfStaff } from "@/lib/auth/staff";
import { staffChangeRequestSchema } from "@/lib/contract/auth";
import { staffParamsSchema } from "@/lib/contract/route-params";

export const dynamic = "force-dynamic";

/** Disables or re-enables a staff member, or resets their PIN or password. */
export const PATCH = withSession<{ userId: string }>(
  { role: "manager", store: (params) => storesOfStaff(parseInput(staffParamsSchema, params).userId) },
  async (request, params, viewer) => {
    const { userId } = parseInput(staffParamsSchema, params);
    await changeStaff(viewer, userId, parseInput(staffChangeRequestSchema, await readJson(request)));
    return new Response(null, { status: 204 });
  },
);
