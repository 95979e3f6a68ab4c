import { z } from "zod";
import { parseInput, readJson, withSession } from "@/lib/api/handler";
import { changeStaff, storesOfStaff } from "@/lib/auth/staff";
import { staffChangeRequestSchema } from "@/lib/contract/auth";
import { serialId } from "@/lib/contract/text";

export const dynamic = "force-dynamic";

const paramsSchema = z.object({ userId: serialId });

/** Disables or re-enables a staff member, or resets their PIN or password. */
export const PATCH = withSession<{ userId: string }>(
  { role: "manager", store: (params) => storesOfStaff(parseInput(paramsSchema, params).userId) },
  async (request, params, viewer) => {
    const { userId } = parseInput(paramsSchema, params);
    await changeStaff(viewer, userId, parseInput(staffChangeRequestSchema, await readJson(request)));
    return new Response(null, { status: 204 });
  },
);
