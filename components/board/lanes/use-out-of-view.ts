import { useEffect, useState, type RefObject } from "react";

/** A ticket counts as in view when this much of each of its parts is painted inside its lane. */
const SHOWN = 0.98;

/**
 * The orders of a scrolling lane that are not wholly in view (issue 27: "a lane with tickets out
 * of view says how many"), and a way to bring the next one into view. Watches the list's items
 * (each `li` names its order in data-order-id; a ticket in parts has several) with one
 * IntersectionObserver whose root is the list: where the list does not scroll (a phone's stacked
 * lanes), everything counts as in view and nothing is said.
 */
export function useOutOfView(list: RefObject<HTMLElement | null>, items: unknown, layout: unknown) {
  const [hidden, setHidden] = useState<readonly string[]>([]);

  useEffect(() => {
    const root = list.current;
    if (!root || typeof IntersectionObserver === "undefined") return;
    const ratios = new Map<Element, number>();
    const update = () => {
      const out = new Set<string>();
      for (const [element, ratio] of ratios) {
        const id = (element as HTMLElement).dataset.orderId;
        if (id && ratio < SHOWN && element.isConnected) out.add(id);
      }
      setHidden((before) => (before.length === out.size && before.every((id) => out.has(id)) ? before : [...out]));
    };
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) ratios.set(entry.target, entry.intersectionRatio);
        update();
      },
      { root, threshold: [0, SHOWN, 1] },
    );
    for (const item of root.querySelectorAll(":scope > li[data-order-id]")) observer.observe(item);
    return () => observer.disconnect();
  }, [list, items, layout]);

  /** Scrolls the lane to the first item out of view after those in view (else the first one). */
  const showNext = () => {
    const root = list.current;
    if (!root) return;
    const box = root.getBoundingClientRect();
    const items = [...root.querySelectorAll<HTMLElement>(":scope > li[data-order-id]")];
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
