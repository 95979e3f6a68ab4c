"use client";

import { useId, useState, type Ref } from "react";
import { plainName as plainText } from "@/lib/own-orders/delivery-fee";

export interface PickerEntry {
  id: string;
  label: string;
  /** Searched too (a code, a category) and shown beside the label. */
  detail: string;
  /** Shown after the detail (a price). */
  aside?: string;
  soldOut: boolean;
}

const SHOWN = 8;

/**
 * A search-as-you-type list, worked by the keyboard (a combobox: arrows move, Enter picks, Escape
 * clears) and by touch. A sold-out entry is shown and refused with a sentence (onRefused).
 */
export function SearchPicker({
  label,
  hint,
  entries,
  onPick,
  onEmptyEnter,
  inputRef,
  noResults,
  soldOutTag,
  autoFocus,
}: {
  label: string;
  hint?: string;
  entries: readonly PickerEntry[];
  onPick: (entry: PickerEntry) => void;
  /** Enter with nothing typed (an optional step skipped). */
  onEmptyEnter?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  noResults: string;
  soldOutTag: string;
  autoFocus?: boolean;
}) {
  const id = useId();
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const words = plainText(query).split(" ").filter(Boolean);
  const typed = plainText(query);
  // The name typed whole first, then names starting with it, then the rest in menu order.
  const rank = (entry: PickerEntry) => {
    const label = plainText(entry.label);
    return label === typed ? 0 : label.startsWith(typed) ? 1 : 2;
  };
  const shown =
    words.length === 0
      ? []
      : entries
          .filter((entry) => {
            const text = plainText(`${entry.label} ${entry.detail}`);
            return words.every((word) => text.includes(word));
          })
          .map((entry, index) => ({ entry, index, rank: rank(entry) }))
          .sort((a, b) => a.rank - b.rank || a.index - b.index)
          .slice(0, SHOWN)
          .map(({ entry }) => entry);
  const at = Math.min(active, Math.max(0, shown.length - 1));
  const pick = (entry: PickerEntry) => {
    onPick(entry);
    if (!entry.soldOut) {
      setQuery("");
      setActive(0);
    }
  };
  const open = shown.length > 0 || words.length > 0;
  return (
    <div className="relative flex flex-col gap-1">
      <label htmlFor={`${id}-input`} className="text-lg font-semibold">
        {label}
      </label>
      <input
        id={`${id}-input`}
        ref={inputRef}
        type="text"
        role="combobox"
        autoComplete="off"
        autoFocus={autoFocus}
        aria-expanded={open}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={shown[at] ? `${id}-${at}` : undefined}
        aria-describedby={hint ? `${id}-hint` : undefined}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={(event) => {
          if (event.ctrlKey || event.metaKey || event.altKey) return;
          if (event.key === "ArrowDown" && shown.length > 0) {
            event.preventDefault();
            setActive((at + 1) % shown.length);
          } else if (event.key === "ArrowUp" && shown.length > 0) {
            event.preventDefault();
            setActive((at - 1 + shown.length) % shown.length);
          } else if (event.key === "Enter") {
            event.preventDefault();
            if (shown[at]) pick(shown[at]);
            else if (words.length === 0) onEmptyEnter?.();
          } else if (event.key === "Escape" && query !== "") {
            // Clears the search; a second Escape closes the dialog.
            event.preventDefault();
            setQuery("");
          }
        }}
        className="min-h-12 rounded-lg border-2 border-zinc-600 bg-zinc-900 px-3 text-lg focus:border-zinc-100 focus:outline-none"
      />
      {hint && (
        <span id={`${id}-hint`} className="text-base text-zinc-400">
          {hint}
        </span>
      )}
      <ul
        id={`${id}-list`}
        role="listbox"
        aria-label={label}
        className={open ? "flex flex-col rounded-lg border-2 border-zinc-600 bg-zinc-950" : "hidden"}
      >
        {shown.map((entry, index) => (
          <li
            key={entry.id}
            id={`${id}-${index}`}
            role="option"
            aria-selected={index === at}
            aria-disabled={entry.soldOut || undefined}
            // Keeps the focus in the search field: a tap picks without moving it.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(entry)}
            className={`flex min-h-12 cursor-pointer items-center justify-between gap-3 px-3 text-lg ${
              index === at ? "bg-zinc-700" : ""
            } ${entry.soldOut ? "text-zinc-400 line-through" : ""}`}
          >
            <span>
              {entry.label} <span className="text-base text-zinc-400">{entry.detail}</span>
              {entry.soldOut && <span className="ml-2 text-base no-underline">({soldOutTag})</span>}
            </span>
            {entry.aside && <span className="shrink-0 tabular-nums text-zinc-300">{entry.aside}</span>}
          </li>
        ))}
        {shown.length === 0 && words.length > 0 && <li className="px-3 py-2 text-base text-zinc-400">{noResults}</li>}
      </ul>
    </div>
  );
}
