"use client";

import { useEffect, useRef, useState } from "react";
import { useBumps } from "../card/bump-undo-store";
import { recallTarget, useRecallBump } from "../card/use-recall";
import { commandOf, type BoardCommand } from "./key-map";
import { useKeyMap } from "./key-map-store";
import { move, pick, reconcile, select, type LaneIds, type Selection } from "./lane-selection";

/** Marks the selected ticket's list items (every part of a ticket): the ring below. */
const SELECTED = "data-key-selected";

/**
 * The ring on the selected ticket, for every view's ticket list item (each with its
 * `data-order-id`): on the ticket's article, inside its box (a board item's content-visibility
 * clips what is outside it; the item's own outline was painted under the positioned card).
 */
export const SELECTED_RING =
  "[&[data-key-selected]>article]:outline-4 [&[data-key-selected]>article]:-outline-offset-4 [&[data-key-selected]>article]:outline-sky-400";

/** What the selection focuses in a ticket: the card's open layer, or a station ticket itself. */
const FOCUS = "[data-card-open], [data-key-focus]";

/** A field takes every key typed into it. */
const TYPING = "input, textarea, select, [contenteditable=''], [contenteditable='true']";
/** A focused control keeps its own Enter and Space (a toolbar button, the undo bar's Desfazer). */
const CONTROL = "button, a[href], summary, [role='button'], [role='checkbox'], [role='switch']";

function itemsOf(orderId: string): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>(`li[data-order-id="${CSS.escape(orderId)}"]`)];
}

/**
 * The board's keyboard and bump bar (issue 27, point 9; docs/kitchen.md "Keys"), on every view:
 * `laneIds` are what the keys move over (key-lanes.ts). Keeps a selected ticket — focused (a screen reader follows it) and ringed — and does what a tap on it
 * would: the key clicks the card's own confirm or bump button, so an allergy order opens its
 * allergy step exactly as a tap does, and a failure shows where a tap's would.
 */
export function useBoardKeys(laneIds: LaneIds, onOpen: (orderId: string) => void): void {
  const map = useKeyMap();
  const bumps = useBumps();
  const recall = useRecallBump();
  const [selection, setSelection] = useState<Selection | null>(null);
  // A recalled order is selected once it is back in this view's lanes: the recall's answer comes
  // before the view re-renders with it (and on a station's or expo's view it may sit elsewhere).
  const [recalled, setRecalled] = useState<string | null>(null);
  const found = recalled ? select(laneIds, recalled, null) : null;
  if (found) {
    setRecalled(null);
    setSelection(found);
  }
  // A stream update moved or removed the selected order: the selection follows (lane-selection.ts).
  const current = reconcile(laneIds, found ?? selection);
  if (current !== selection) setSelection(current);

  // The handler reads the latest of these without re-subscribing on every stream update.
  const latest = useRef({ map, laneIds, current, bumps, recall, onOpen });
  useEffect(() => {
    latest.current = { map, laneIds, current, bumps, recall, onOpen };
  });

  // Rings and focuses the selected ticket; again after its list items were replaced (parts).
  const focusedId = useRef<string | null>(null);
  // The items ringed last: unringed by reference, as this runs after every render (a query of the
  // whole document for the attribute cost ~2 ms of each stream update on a 300-card board).
  const ringed = useRef<readonly HTMLElement[]>([]);
  useEffect(() => {
    for (const item of ringed.current) item.removeAttribute(SELECTED);
    ringed.current = [];
    if (!current) {
      focusedId.current = null;
      return;
    }
    const items = itemsOf(current.id);
    for (const item of items) item.setAttribute(SELECTED, "");
    ringed.current = items;
    const layer = items[0]?.querySelector<HTMLElement>(FOCUS);
    // When the selection moved, or its card was re-rendered from under the focus (the focus fell
    // to the page): a stream update must not pull the focus from a control the cook went to.
    if (layer && (focusedId.current !== current.id || document.activeElement === document.body)) layer.focus();
    focusedId.current = current.id;
  });

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest(TYPING)) return;
      const { map, laneIds, current, bumps, recall, onOpen } = latest.current;
      const command = commandOf(map, event);
      if (!command) return;
      const dialog = document.querySelector("dialog[open]");
      if (dialog) {
        if (dialog.hasAttribute("data-board-step")) stepKeys(dialog, command, event);
        return;
      }
      const native = (event.key === "Enter" || event.key === " ") && target?.closest(CONTROL);
      const onCard = target?.closest(FOCUS);
      if (native && !onCard && command.type !== "clear") return;
      // A held key repeats: one bump per press, never a second step on the next ticket.
      if (event.repeat && (command.type === "bump" || command.type === "recall")) return;
      event.preventDefault();
      run(command);

      function run(command: BoardCommand) {
        switch (command.type) {
          case "up":
          case "down":
          case "left":
          case "right":
            return setSelection(move(laneIds, current, command.type));
          case "pick":
            return setSelection(pick(laneIds, current, command.n));
          case "bump": {
            if (!current) return;
            // The last part of a ticket carries its buttons.
            const button = itemsOf(current.id)
              .flatMap((item) => [...item.querySelectorAll<HTMLButtonElement>("[data-key-action]")])
              .at(-1);
            if (button && !button.disabled) button.click();
            return;
          }
          case "recall": {
            const last = bumps.at(-1);
            if (!last || recall.isPending) return;
            recall.mutate(recallTarget(last), { onSuccess: (order) => setRecalled(order.id) });
            return;
          }
          case "open":
            if (current) onOpen(current.id);
            return;
          case "clear":
            setSelection(null);
            if (target?.closest(FOCUS)) (target as HTMLElement).blur();
            return;
        }
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
}

/**
 * In the allergy step (card-actions.tsx) the arrows move between its two buttons and the bump key
 * presses the focused one; the step opens on "Voltar", so a bounced or repeated key goes back,
 * and confirming takes a move to "Confirmar" with the notes on screen.
 */
function stepKeys(dialog: Element, command: BoardCommand, event: KeyboardEvent): void {
  const buttons = [...dialog.querySelectorAll<HTMLButtonElement>("button:not(:disabled)")];
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  if (["up", "down", "left", "right"].includes(command.type)) {
    event.preventDefault();
    const step = command.type === "up" || command.type === "left" ? -1 : 1;
    buttons[Math.min(buttons.length - 1, Math.max(0, at + step))]?.focus();
  } else if (command.type === "bump" && event.key !== "Enter" && event.key !== " " && !event.repeat && at >= 0) {
    // Enter and Space press the focused button by themselves; another bump key does it here.
    event.preventDefault();
    buttons[at]!.click();
  }
}
