import type { KitchenLine } from "@/lib/contract/board";
import type { LineEntry, LineRouter } from "./station-routing";

/**
 * Hold and fire (issue 27 point 10): a line starts when it must so that the order's lines finish
 * together. Pure: preparation times and the order's start in, fire times out.
 *
 * An order starts at T (its confirm, or a scheduled order's preparation start: the card's
 * `stageSince` in preparation). With L the longest preparation time among its lines, a line of
 * preparation p fires at T + (L − p): the longest fires at once, every line finishes at T + L.
 */

/** Each line's fire offset (minutes after the order's start): the longest line's less its own. */
export function fireOffsets(prepMinutes: readonly number[]): number[] {
  const longest = Math.max(0, ...prepMinutes);
  return prepMinutes.map((minutes) => longest - minutes);
}

/** Each line's fire time (ms), from the order's start (ms). */
export function fireTimes(start: number, prepMinutes: readonly number[]): number[] {
  return fireOffsets(prepMinutes).map((offset) => start + offset * 60_000);
}

/**
 * A line's fire time has come by `now`. `graceMs` lets a server act on what a tablet whose clock
 * runs a little ahead already shows as fired (a bump sent at the fire time).
 */
export function hasFired(start: number, offsetMinutes: number, now: number, graceMs = 0): boolean {
  return start + offsetMinutes * 60_000 <= now + graceMs;
}

/** Whole minutes until a held line fires, at least 1 while it is held ("começa em 1 min"). */
export function minutesToFire(start: number, offsetMinutes: number, now: number): number {
  return Math.max(1, Math.ceil((start + offsetMinutes * 60_000 - now) / 60_000));
}

/** What an order's lines' preparation times are read from: the store's settings and its menu. */
export interface PrepSettings {
  /** The store's default preparation time: a station without its own uses it. */
  storeMinutes: number;
  /** Each station's own time (null: the store's). */
  stationMinutes: ReadonlyMap<number, number | null>;
  /** An item's or pizza size's own time, keyed "item:12" / "size:3" as its route is. */
  itemMinutes: ReadonlyMap<string, number>;
}

/**
 * A line's preparation time: its item's (or pizza size's) own, else its station's (the item's
 * station, the first of the line's), else the store's default.
 */
export function linePrepMinutes(
  settings: PrepSettings,
  route: LineRouter,
  entryOf: (line: Pick<KitchenLine, "name" | "code">) => LineEntry,
): (line: Pick<KitchenLine, "name" | "code" | "options">) => number {
  return (line) => {
    const entry = entryOf(line);
    const own = entry ? settings.itemMinutes.get(`${entry.kind}:${entry.id}`) : undefined;
    return own ?? settings.stationMinutes.get(route(line)[0]!) ?? settings.storeMinutes;
  };
}
