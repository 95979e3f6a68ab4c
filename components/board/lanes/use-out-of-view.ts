import { useEffect, useRef, useState, type Dispatch, type RefObject, type SetStateAction } from "react";
import { afterPaint } from "./after-paint";

/** A ticket counts as in view when this much of each of its parts is painted inside its lane. */
const SHOWN = 0.98;
const NONE: readonly string[] = [];

/**
 * The orders of a scrolling lane that are not wholly in view (issue 27: "a lane with tickets out
 * of view says how many"), and a way to bring the next one into view. Reads the list's items
 * (each `li` names its order in data-order-id; a ticket in parts has several; the board's alerts
 * name themselves in data-alert: `attribute`) against the list's box: where the list does not
 * scroll (a phone's stacked lanes), everything counts as in view and nothing is said.
 *
 * Read from the laid-out page after each change of the items, each scroll and each resize of the
 * list, not with an IntersectionObserver: one watching every ticket made the browser compute
 * 300 intersections in every frame that changed the board, 1.5–5 ms of the frame a stream update
 * waits for (issue 31, point 6). The count follows a frame after the cards, which a person cannot
 * tell apart.
 */
export function useOutOfView(
  list: RefObject<HTMLElement | null>,
  items: unknown,
  layout: unknown,
  attribute = "data-order-id",
) {
  const [hidden, setHidden] = useState<readonly string[]>(NONE);
  const watched = useRef<Watched | null>(null);

  useEffect(() => {
    const root = list.current;
    if (watched.current && watched.current.root !== root) {
      // The list element comes and goes with the lane's emptiness.
      watched.current.stop();
      watched.current = null;
      setHidden(NONE);
    }
    if (!root) return;
    (watched.current ??= watchList(root, attribute, setHidden)).check();
  }, [list, items, layout, attribute]);

  useEffect(
    () => () => {
      watched.current?.stop();
      watched.current = null;
    },
    [],
  );

  /** Scrolls the lane to the first item out of view after those in view (else the first one). */
  const showNext = () => {
    const root = list.current;
    if (!root) return;
    const box = root.getBoundingClientRect();
    const items = [...root.querySelectorAll<HTMLElement>(`:scope > [${attribute}]`)];
    const outside = (item: HTMLElement) => {
      const rect = item.getBoundingClientRect();
      return (
        rect.right > box.right + 1 || rect.bottom > box.bottom + 1 || rect.left < box.left - 1 || rect.top < box.top - 1
      );
    };
    const after = items.find((item) => {
      const rect = item.getBoundingClientRect();
      return outside(item) && (rect.right > box.right + 1 || rect.bottom > box.bottom + 1);
    });
    const target = after ?? items.find(outside);
    target?.scrollIntoView({ block: "nearest", inline: "start" });
  };

  return { hidden, showNext };
}

type Watched = {
  root: HTMLElement;
  /** Reads the items again once the browser has laid out the next frame. */
  check: () => void;
  stop: () => void;
};

/** Watches a list's scrolling and size, and reports the `attribute` of its items not wholly in view. */
function watchList(
  root: HTMLElement,
  attribute: string,
  setHidden: Dispatch<SetStateAction<readonly string[]>>,
): Watched {
  let pending: (() => void) | undefined;
  const report = () => {
    const out = hiddenItems(root, attribute);
    setHidden((before) => (before.length === out.size && before.every((id) => out.has(id)) ? before : [...out]));
  };
  // After the frame is painted, not in it (after-paint.ts); once, however many asked meanwhile.
  const check = () => {
    pending ??= afterPaint(() => {
      pending = undefined;
      report();
    });
  };
  root.addEventListener("scroll", check, { passive: true });
  const resizes = typeof ResizeObserver === "undefined" ? undefined : new ResizeObserver(check);
  resizes?.observe(root);
  return {
    root,
    check,
    stop: () => {
      pending?.();
      root.removeEventListener("scroll", check);
      resizes?.disconnect();
    },
  };
}

/** The `attribute` of each of the list's items less than SHOWN of whose box lies inside the list's (padding) box. */
function hiddenItems(root: HTMLElement, attribute: string): Set<string> {
  const box = root.getBoundingClientRect();
  const left = box.left + root.clientLeft;
  const top = box.top + root.clientTop;
  const right = left + root.clientWidth;
  const bottom = top + root.clientHeight;
  const out = new Set<string>();
  for (const item of root.children) {
    const id = item.getAttribute(attribute);
    if (!id) continue;
    const rect = item.getBoundingClientRect();
    const width = Math.max(0, Math.min(rect.right, right) - Math.max(rect.left, left));
    const height = Math.max(0, Math.min(rect.bottom, bottom) - Math.max(rect.top, top));
    const area = rect.width * rect.height;
    // An empty box (nothing painted) is in view where it lies inside the list.
    const inView =
      area > 0
        ? width * height >= SHOWN * area
        : rect.left >= left && rect.right <= right && rect.top >= top && rect.bottom <= bottom;
    if (!inView) out.add(id);
  }
  return out;
}
