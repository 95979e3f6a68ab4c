import { useCallback, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type RefObject } from "react";
import type { BoardOrder } from "@/lib/contract/board";
import { afterPaint } from "./after-paint";
import { splitTicket, type TicketChip, type TicketPart } from "./ticket-parts";

type Size = { budget: number; width: number };
const NO_SIZE: Size = { budget: 0, width: 0 };
const NO_PARTS: readonly TicketPart[] = [];
const subscribeToNothing = () => () => {};

/**
 * The parts of each ticket in a rail of fixed-height columns (ticket-parts.ts), for the rail's
 * size now: its columns' height (less the estimate's caution) and width, watched with a
 * ResizeObserver. Off (`enabled` false) or where the list is not laid out in columns (a phone),
 * every ticket is one part. Parts are cached per card object and size, so a stream update
 * recomputes the changed card's only and the memoised cards keep their props.
 *
 * The rail is measured before its tickets are first rendered in the browser (a layout effect on
 * the empty list, before the first paint), so 200 tickets render once, already in their parts,
 * rather than whole and then again in parts (which doubled the board's first render). Only the
 * server's render and hydration, which cannot measure, show every ticket whole until measured.
 */
export function useTicketParts(
  list: RefObject<HTMLElement | null>,
  enabled: boolean,
  orders: readonly BoardOrder[],
  /** The channels whose tickets carry a chip (issue 28), by id: the chip takes room in the head. */
  chips?: ReadonlyMap<string, TicketChip>,
): (order: BoardOrder) => readonly TicketPart[] {
  // null: not measured yet.
  const [size, setSize] = useState<Size | null>(null);
  const hydrated = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
  // Lowered for the rail's current size when a part was split by the browser anyway (the estimate
  // was short there): by 0.1, never below 0.7, and only once the rail is measured at that size
  // (a split seen while the rail is resizing is the resize's, not the estimate's).
  const [cautionBySize, setCautionBySize] = useState<ReadonlyMap<string, number>>(new Map());
  const empty = orders.length === 0;
  useLayoutEffect(() => {
    const element = list.current;
    if (!enabled || !element) return;
    const measure = () => {
      const style = getComputedStyle(element);
      // The narrowest column (board-lanes.tsx sets `--rail-column` where the rail has columns).
      const columnWidth = cssLength(style.getPropertyValue("--rail-column"));
      if (!columnWidth) return setSize((before) => (before === NO_SIZE ? before : NO_SIZE));
      const px = (value: string) => Number.parseFloat(value) || 0;
      const height = element.clientHeight - px(style.paddingTop) - px(style.paddingBottom);
      const inner = element.clientWidth - px(style.paddingLeft) - px(style.paddingRight);
      const gap = px(style.columnGap);
      const count = Math.max(1, Math.floor((inner + gap) / (columnWidth + gap)));
      const width = Math.floor((inner - (count - 1) * gap) / count);
      // The tickets' width (their class reads it): as many columns as fit share the rail's width.
      element.style.setProperty("--rail-width", `${width}px`);
      setSize((before) =>
        before?.budget === Math.floor(height) && before.width === width
          ? before
          : { budget: Math.floor(height), width },
      );
    };
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
    // The list element comes and goes with the lane's emptiness.
  }, [list, enabled, empty]);

  const cache = useRef(new WeakMap<BoardOrder, { key: string; parts: readonly TicketPart[] }>());
  const measured = size ?? NO_SIZE;
  const sizeKey = `${measured.budget}:${measured.width}`;
  const caution = cautionBySize.get(sizeKey) ?? 1;
  const budget = Math.floor(measured.budget * caution);
  const key = `${budget}:${measured.width}`;
  const partsOf = useCallback(
    (order: BoardOrder) => {
      const chip = chips?.get(order.channelId);
      const orderKey = chip ? `${key}:${chip.label}` : key;
      const known = cache.current.get(order);
      if (known?.key === orderKey) return known.parts;
      const parts = splitTicket(order, budget, measured.width, chip);
      cache.current.set(order, { key: orderKey, parts });
      return parts;
    },
    [key, budget, measured.width, chips],
  );

  // After the frame that shows a change: a part taller than the rail's column means the estimate
  // was short here (it stands alone in its column and overflows it). Read once the browser has
  // laid the frame out, so the reads cost no layout of their own (in the frame's animation
  // callback they forced the rail's whole layout before the change could be painted), and only
  // for the tickets whose parts changed since the last look.
  const looked = useRef(new WeakMap<Element, readonly TicketPart[]>());
  useEffect(() => {
    const element = list.current;
    if (!enabled || !element || measured.budget === 0) return;
    return afterPaint(() => {
      const style = getComputedStyle(element);
      const height = Math.floor(
        element.clientHeight -
          (Number.parseFloat(style.paddingTop) || 0) -
          (Number.parseFloat(style.paddingBottom) || 0),
      );
      if (height !== measured.budget) return; // resizing: the observer measures again
      const byId = new Map(orders.map((order) => [order.id, order]));
      let tooTall = false;
      for (const item of element.children) {
        const order = byId.get((item as HTMLElement).dataset.orderId ?? "");
        // The parts (cached per card object and size) change with the card and with the budget.
        const parts = order && partsOf(order);
        if (!parts || looked.current.get(item) === parts) continue;
        looked.current.set(item, parts);
        if (item.getBoundingClientRect().height > measured.budget + 1) tooTall = true;
      }
      if (tooTall)
        setCautionBySize((before) => {
          const now = before.get(sizeKey) ?? 1;
          return now <= 0.7 ? before : new Map(before).set(sizeKey, Math.round((now - 0.1) * 10) / 10);
        });
    });
  }, [list, enabled, measured, sizeKey, orders, partsOf]);

  if (!enabled) return onePart;
  // In the browser after hydration, nothing until the layout effect has measured the empty rail.
  if (size === null && hydrated && !empty) return noPart;
  return partsOf;
}

const noPart = (): readonly TicketPart[] => NO_PARTS;

/** A custom property's length in px ("11rem", "176px"); 0 when unset or not a length. */
function cssLength(value: string): number {
  const number = Number.parseFloat(value);
  if (!(number > 0)) return 0;
  if (value.trim().endsWith("rem"))
    return number * (Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16);
  return value.trim().endsWith("px") ? number : 0;
}

const oneParts = new WeakMap<BoardOrder, readonly TicketPart[]>();
/** Every ticket whole (stable arrays per card, for the memoised cards). */
function onePart(order: BoardOrder): readonly TicketPart[] {
  let parts = oneParts.get(order);
  if (!parts) {
    parts = [{ index: 0, count: 1, lines: (order.lines ?? []).map((_, index) => index) }];
    oneParts.set(order, parts);
  }
  return parts;
}
