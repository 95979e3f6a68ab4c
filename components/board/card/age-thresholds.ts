import type { BoardLane } from "@/lib/orders/lanes";

export interface AgeThresholds {
  /** From this age (minutes) the timer turns amber. */
  lateMinutes: number;
  /** From this age the timer turns red. */
  overdueMinutes: number;
}

const DEFAULT_THRESHOLDS: AgeThresholds = { lateMinutes: 5, overdueMinutes: 8 };

/**
 * Per lane: live lanes colour the card's age; a scheduled order has no age yet and a finished
 * one no longer matters. Change a lane's numbers here (e.g. a slower oven's In preparation).
 */
export const AGE_THRESHOLDS: Partial<Record<BoardLane, AgeThresholds>> = {
  new: DEFAULT_THRESHOLDS,
  preparing: DEFAULT_THRESHOLDS,
  ready: DEFAULT_THRESHOLDS,
  dispatched: DEFAULT_THRESHOLDS,
};

export type AgeLevel = "ok" | "late" | "overdue";

export function ageLevel(minutes: number, thresholds: AgeThresholds | undefined): AgeLevel {
  if (!thresholds) return "ok";
  if (minutes >= thresholds.overdueMinutes) return "overdue";
  return minutes >= thresholds.lateMinutes ? "late" : "ok";
}
