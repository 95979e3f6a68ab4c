import { z } from "zod";
import { ROLES } from "@/lib/contract/roles";
import { lineText, textId } from "./text";

export const pinSchema = z.string().regex(/^\d{4,6}$/, "a PIN is 4 to 6 digits");

/** POST /api/auth/pin: a staff member takes over the tablet. */
export const pinRequestSchema = z.object({ pin: pinSchema }).strict();
/** …answered with who works now. */
export const pinAnswerSchema = z.object({ staff: z.object({ name: z.string() }) });

/** POST /api/auth/device: a manager makes this browser a store's kitchen tablet. */
export const deviceRequestSchema = z.object({ storeId: textId }).strict();
export const deviceAnswerSchema = z.object({ device: z.object({ storeId: z.string() }) });

/** A staff member as the back-office shows them. */
export const staffMemberSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string().nullable(),
  role: z.string(),
  storeIds: z.array(z.string()),
  disabled: z.boolean(),
  hasPin: z.boolean(),
  /** ISO 8601: until when their sign-in or PIN keypad is locked by wrong guesses; null when not locked. */
  lockedUntil: z.string().nullable(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffListSchema = z.object({ staff: z.array(staffMemberSchema) });

/** POST /api/staff */
export const newStaffRequestSchema = z
  .object({
    name: lineText(100).pipe(z.string().min(1)),
    role: z.enum(ROLES).default("kitchen"),
    storeId: textId,
    pin: pinSchema.optional(),
    email: z.email().optional(),
    password: z.string().min(10).max(200).optional(),
  })
  .strict()
  .refine((s) => !!s.pin || (!!s.email && !!s.password), { message: "give a PIN, or an email and a password" });
export type NewStaffRequest = z.input<typeof newStaffRequestSchema>;
export const newStaffAnswerSchema = z.object({ id: z.number() });

/** PATCH /api/staff/{userId}: disable or re-enable, or reset the PIN or password (answers 204). */
export const staffChangeRequestSchema = z
  .object({
    disabled: z.boolean().optional(),
    pin: pinSchema.optional(),
    password: z.string().min(10).max(200).optional(),
    /** Lifts the locks wrong passwords or PINs put on this person (and on their stores' keypads). */
    unlock: z.literal(true).optional(),
  })
  .strict();
export type StaffChangeRequest = z.infer<typeof staffChangeRequestSchema>;
