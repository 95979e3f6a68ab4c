import { SandboxError } from "../errors";
import { controlsOf } from "../merchant/controls";
import type { Merchant } from "../types";

// 2.0's pause per service (merchant.openapi.yaml pauseService / updateService, merchant-store.en.md):
// the Software Service pauses DELIVERY, TAKEOUT or INDOOR for `durationMinutes` on the platform
// (which hosts the pause: docs/open-delivery-2.md "Who hosts the pause route"); the service is
// PAUSED until `pauseUntil`, when it resumes by itself, or until a PATCH sets it OPEN. Opening
// hours are never touched. While paused, the platform takes no order of that type (Platform.addOrder).

export const SERVICE_TYPES = ["DELIVERY", "TAKEOUT", "INDOOR"] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

export type ServicePause = { pauseUntil: string; reason?: string };

/** The pause in force for a service at `nowMs`, if any (an ended one is as good as none). */
export function pauseOf(merchant: Merchant, type: string, nowMs: number): ServicePause | undefined {
  const pause = controlsOf(merchant).servicePauses?.[type as ServiceType];
  return pause && Date.parse(pause.pauseUntil) > nowMs ? pause : undefined;
}

export function pauseService(
  merchant: Merchant,
  type: ServiceType,
  input: { durationMinutes: number; reason?: string },
  nowMs: number,
): ServicePause {
  const pause = {
    pauseUntil: new Date(nowMs + input.durationMinutes * 60_000).toISOString(),
    ...(input.reason ? { reason: input.reason } : {}),
  };
  const controls = controlsOf(merchant);
  controls.servicePauses = { ...controls.servicePauses, [type]: pause };
  return pause;
}

/** updateService with `status: OPEN`: the pause ends now (nothing to do when none is in force). */
export function resumeService(merchant: Merchant, type: ServiceType): void {
  const pauses = controlsOf(merchant).servicePauses;
  if (pauses) delete pauses[type];
}

/** Refuses (409 SERVICE_PAUSED) an order of a paused service type. */
export function checkServiceOpen(merchant: Merchant, type: string, nowMs: number): void {
  const pause = pauseOf(merchant, type, nowMs);
  if (pause)
    throw new SandboxError(409, `The merchant's ${type} service is paused until ${pause.pauseUntil}`, {
      code: "SERVICE_PAUSED",
      pauseUntil: pause.pauseUntil,
    });
}
