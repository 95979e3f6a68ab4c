import { useEffect, useRef, useState, type Dispatch, type RefObject, type SetStateAction } from "react";

/** A ticket counts as in view when this much of each of its parts is painted inside its lane. */
const SHOWN = 0.98;
const NONE: readonly string[] = [];

/**
 * The orders of a scrolling lane that are not wholly in view (issue 27: "a lane with tickets out
 * of view says how many"), and a way to bring the next one into view. Watches the list's items
 * (each `li` names its order in data-order-id; a ticket in parts has several; the board's alerts
 * name themselves in data-alert: `attribute`) with one IntersectionObserver whose root is the list:
 * where the list does not scroll (a phone's stacked lanes), everything counts as in view and
 * nothing is said.
 */
export function useOutOfView(
  list: RefObject<HTMLElement | null>,
  items: unknown,
  layout: unknown,
  attribute = "data-order-id",
) {
  const [hidden, setHidden] = useState<readonly string[]>(NONE);
  const watched = useRef<Watched | null>(null);

  // One observer per list element. A stream update moves a card or two, so each change observes
  // only the items that are new and forgets those that left: observing all of a 200-ticket lane's
  // items again made the browser compute every intersection anew in the update's frame.
  useEffect(() => {
    const root = list.current;
    if (watched.current && watched.current.root !== root) {
      // The list element comes and goes with the lane's emptiness.
      watched.current.observer.disconnect();
      watched.current = null;
      setHidden(NONE);
    }
    if (!root || typeof IntersectionObserver === "undefined") return;
    const watch = (watched.current ??= watchList(root, attribute, setHidden));
    // The list's children, not a selector query: run on every update, the query cost milliseconds.
    const items = new Set([...root.children].filter((child) => child.hasAttribute(attribute)));
    let left = false;
    for (const element of watch.ratios.keys())
      if (!items.has(element)) {
        watch.observer.unobserve(element);
        watch.ratios.delete(element);
        left = true;
      }
    for (const item of items)
      if (!watch.ratios.has(item)) {
        // Counted in view until its first report, which an observer always sends for a new target.
        watch.ratios.set(item, 1);
        watch.observer.observe(item);
      }
    if (left) watch.report();
  }, [list, items, layout, attribute]);

  useEffect(
    () => () => {
      watched.current?.observer.disconnect();
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
  observer: IntersectionObserver;
  /** Each watched item's last reported share in view. */
  ratios: Map<Element, number>;
  report: () => void;
};

/** An observer of a list's items (rooted at the list) that reports the `attribute` of those not wholly in view. */
function watchList(
  root: HTMLElement,
  attribute: string,
  setHidden: Dispatch<SetStateAction<readonly string[]>>,
): Watched {
  const ratios = new Map<Element, number>();
  const report = () => {
    const out = new Set<string>();
    for (const [element, ratio] of ratios) {
      const id = element.getAttribute(attribute);
      if (id && ratio < SHOWN) out.add(id);
    }
    setHidden((before) => (before.length === out.size && before.every((id) => out.has(id)) ? before : [...out]));
  };
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) if (ratios.has(entry.target)) ratios.set(entry.target, entry.intersectionRatio);
      report();
    },
    { root, threshold: [0, SHOWN, 1] },
  );
  return { root, observer, ratios, report };
}
