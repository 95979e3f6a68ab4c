import type { BoardOrder, KitchenLine } from "@/lib/contract/board";
import type { PacingSettings } from "@/lib/contract/kitchen-settings";
import { laneOf } from "./lanes";

// Kitchen pacing (issue 27, point 10) as pure rules: how loaded the kitchen is, and what busy mode
// and pause should become. The server's worker applies the decision (lib/merchant/pacing.ts)
// through the same controls a person uses; docs/kitchen.md ("Pacing") says why each rule is so.

/** The actor automatic changes are recorded with ("automático" on the board and in the audit). */
export const PACING_ACTOR = "pacing";

/** Extra minutes pacing adds: a multiple of 5 in this range. */
export const PACING_MIN_MINUTES = 5;
export const PACING_MAX_MINUTES = 60;

/**
 * Items in preparation: the quantities of the item lines of the cards being cooked now (In
 * preparation, not a scheduled order still waiting for its start). `counts` picks the lines that
 * load this kitchen — all of them for the whole kitchen; a station's lines once stations exist.
 * A card that kept only its first lines counts its whole itemCount when every line counts; an
 * implausible quantity (flag absurdQuantity) counts one per line, so one broken order cannot
 * pause a store.
 */
export function kitchenLoad(
  cards: readonly BoardOrder[],
  now: number,
  counts: (line: KitchenLine) => boolean = () => true,
): number {
  let load = 0;
  for (const card of cards) {
    if (laneOf(card, now) !== "preparing") continue;
    load += cardLoad(card, counts);
  }
  return load;
}

function cardLoad(card: BoardOrder, counts: (line: KitchenLine) => boolean): number {
  const lines = (card.lines ?? []).filter(counts);
  if (card.flags?.includes("absurdQuantity")) return lines.length;
  const everyLine = lines.length === (card.lines ?? []).length;
  if (everyLine && (card.truncated || !card.lines)) return Math.max(card.itemCount, 0);
  return lines.reduce((sum, line) => sum + Math.max(line.quantity, 0), 0);
}

/** What pacing sees of the store's controls. */
export interface PacingState {
  busyMinutes: number;
  /** Who set the busy minutes: pacing, or a person (anyone else). */
  busyByPacing: boolean;
  paused: boolean;
  pausedByPacing: boolean;
  /** A person undid an automatic change: pacing keeps out until the load falls (see `releaseAt`). */
  held: boolean;
}

/** What to change; an absent field stays as it is. */
export interface PacingAction {
  busyMinutes?: number;
  pause?: boolean;
  /** End the hold: pacing may act again. */
  release?: true;
}

/** The hysteresis band: a quarter of the threshold, at least one item. */
const band = (threshold: number) => Math.max(1, Math.ceil(threshold / 4));

/** On above `threshold`; once on, off only at `threshold - band` or below (75 % for 8 and 24). */
const stays = (load: number, threshold: number, on: boolean) =>
  on ? load > threshold - band(threshold) : load > threshold;

/** The load at or below which busy mode turns off and a hold ends. */
export const releaseAt = (capacity: number) => capacity - band(capacity);

/**
 * Extra minutes for a load: the share of capacity past it, times the store's preparation time,
 * rounded up to 5 and kept within 5–60 ("14 items, capacity 8, 20 min" → +15).
 */
export function pacingMinutes(load: number, capacity: number, preparationMinutes: number): number {
  const raw = ((load - capacity) / capacity) * preparationMinutes;
  const rounded = Math.ceil(raw / 5) * 5;
  return Math.min(PACING_MAX_MINUTES, Math.max(PACING_MIN_MINUTES, rounded));
}

/**
 * What busy mode and pause become for this load. A person's busy mode or pause is never touched;
 * while held, pacing does nothing until the load falls to `releaseAt`. Disabled, pacing turns off
 * only what it turned on.
 */
export function decidePacing(
  load: number,
  settings: PacingSettings & { preparationMinutes: number },
  state: PacingState,
): PacingAction {
  const pacingBusy = state.busyByPacing && state.busyMinutes > 0;
  const pacingPause = state.paused && state.pausedByPacing;
  if (!settings.enabled) {
    return {
      ...(pacingBusy ? { busyMinutes: 0 } : {}),
      ...(pacingPause ? { pause: false } : {}),
      ...(state.held ? { release: true as const } : {}),
    };
  }
  if (state.held) return load <= releaseAt(settings.capacity) ? { release: true } : {};
  const action: PacingAction = {};
  if (!state.paused || pacingPause) {
    const pause = stays(load, settings.hardLimit, pacingPause);
    if (pause !== pacingPause) action.pause = pause;
  }
  if (state.busyMinutes === 0 || pacingBusy) {
    const minutes = busyMinutesFor(load, settings, pacingBusy ? state.busyMinutes : 0);
    if (minutes !== state.busyMinutes) action.busyMinutes = minutes;
  }
  return action;
}

/**
 * Busy minutes with hysteresis on the minutes too: they rise with the load at once, and fall only
 * to what a load a band higher would ask, so a load going up and down by one item settles.
 */
function busyMinutesFor(
  load: number,
  settings: PacingSettings & { preparationMinutes: number },
  current: number,
): number {
  const { capacity, preparationMinutes } = settings;
  if (!stays(load, capacity, current > 0)) return 0;
  const wanted = pacingMinutes(load, capacity, preparationMinutes);
  if (wanted >= current) return wanted;
  const lowered = pacingMinutes(load + band(capacity), capacity, preparationMinutes);
  return Math.min(current, lowered);
}
