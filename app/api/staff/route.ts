import { z } from "zod";
import { parseInput, readJson, withSession } from "@/lib/api/handler";
import { assertStore } from "@/lib/auth/guard";
import { pinSchema } from "@/lib/auth/pin";
import { ROLES } from "@/lib/auth/roles";
import { addStaff, listStaff } from "@/lib/auth/staff";

export const dynamic = "force-dynamic";

const newStaffSchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    role: z.enum(ROLES).default("kitchen"),
    storeId: z.string().min(1).max(100),
    pin: pinSchema.optional(),
    email: z.email().optional(),
    password: z.string().min(10).max(200).optional(),
  })
  .strict()
  .refine((s) => !!s.pin || (!!s.email && !!s.password), { message: "give a PIN, or an email and a password" });

/** The staff of the viewer's stores. */
export const GET = withSession({ role: "manager" }, async (_request, _params, viewer) => Response.json({ staff: await listStaff(viewer) }));

/** Adds a staff member to one of the viewer's stores. */
export const POST = withSession({ role: "manager" }, async (request, _params, viewer) => {
  const input = parseInput(newStaffSchema, await readJson(request));
  assertStore(viewer, input.storeId);
  return Response.json({ id: await addStaff(viewer, input) }, { status: 201 });
});
