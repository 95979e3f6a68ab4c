import { z } from "zod";
import { parseInput, readJson, withSession } from "@/lib/api/handler";
import { pinSchema } from "@/lib/auth/pin";
import { changeStaff, storesOfStaff } from "@/lib/auth/staff";

export const dynamic = "force-dynamic";

const paramsSchema = z.object({ userId: z.coerce.number().int().positive() });
const changeSchema = z
  .object({ disabled: z.boolean().optional(), pin: pinSchema.optional(), password: z.string().min(10).max(200).optional() })
  .strict();

/** Disables or re-enables a staff member, or resets their PIN or password. */
export const PATCH = withSession<{ userId: string }>(
  { role: "manager", store: (params) => storesOfStaff(parseInput(paramsSchema, params).userId) },
  async (request, params, viewer) => {
    const { userId } = parseInput(paramsSchema, params);
    await changeStaff(viewer, userId, parseInput(changeSchema, await readJson(request)));
    return new Response(null, { status: 204 });
  },
);
