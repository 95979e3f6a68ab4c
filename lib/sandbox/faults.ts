import { z } from "zod";

// Fault injection switched on through the control API, so reliability tests are real HTTP
// against a misbehaving platform. Faults live in memory only: a restarted sandbox starts
// healthy, which is what a developer who forgot a fault switched on expects.

export type Faults = {
  /** Every poll returns each event twice (same eventId), as real platforms redeliver. */
  duplicateDelivery: boolean;
  /** When set, acknowledgment answers this status and acknowledges nothing. */
  ackFailureStatus: number | null;
  /** When set, polling answers this status and returns nothing. */
  pollFailureStatus: number | null;
  /** Added before every interchange call (not control calls). */
  latencyMs: number;
};

export const noFaults = (): Faults => ({
  duplicateDelivery: false,
  ackFailureStatus: null,
  pollFailureStatus: null,
  latencyMs: 0,
});

const failureStatus = z.number().int().min(400).max(599).nullable().optional();

export const faultsPatchSchema = z.strictObject({
  duplicateDelivery: z.boolean().optional(),
  ackFailureStatus: failureStatus,
  pollFailureStatus: failureStatus,
  latencyMs: z.number().int().min(0).max(60_000).optional(),
});

export type FaultsPatch = z.infer<typeof faultsPatchSchema>;

export function applyFaults(current: Faults, patch: FaultsPatch): Faults {
  const next = { ...current };
  if (patch.duplicateDelivery !== undefined) next.duplicateDelivery = patch.duplicateDelivery;
  if (patch.ackFailureStatus !== undefined) next.ackFailureStatus = patch.ackFailureStatus;
  if (patch.pollFailureStatus !== undefined) next.pollFailureStatus = patch.pollFailureStatus;
  if (patch.latencyMs !== undefined) next.latencyMs = patch.latencyMs;
  return next;
}
