/**
 * The board's keys (issue 27, point 9): a bump bar is a keyboard, so every key it sends is an
 * `event.key`. Each command has its keys; digits 1–9 pick a ticket unless a command took them.
 * Pure: the board's hook (use-board-keys.ts) and the settings (key-settings.tsx) read it.
 */
export const KEY_COMMANDS = ["up", "down", "left", "right", "bump", "recall", "open", "clear"] as const;
export type KeyCommand = (typeof KEY_COMMANDS)[number];
export type KeyMap = Readonly<Record<KeyCommand, readonly string[]>>;

/**
 * Fits a keyboard and the common 10-key bump bars (a numeric pad's keys: digits, arrows, Enter,
 * "+", "-"): arrows select, 1–9 pick, Enter bumps, 0 recalls, + opens, - or Escape clears. Space
 * and Backspace are there for a full keyboard. docs/kitchen.md says the same.
 */
export const DEFAULT_KEY_MAP: KeyMap = {
  up: ["ArrowUp"],
  down: ["ArrowDown"],
  left: ["ArrowLeft"],
  right: ["ArrowRight"],
  bump: ["Enter", " "],
  recall: ["0", "Backspace"],
  open: ["+"],
  clear: ["Escape", "-"],
};

export type BoardCommand = { type: KeyCommand } | { type: "pick"; n: number };

/** Letters compare without case (a bar's Shift state is not the cook's intent); old names mapped. */
export function normaliseKey(key: string): string {
  if (key === "Spacebar") return " ";
  if (key === "Esc") return "Escape";
  return key.length === 1 ? key.toLowerCase() : key;
}

/** Keys no command may take: they move focus or only modify another key. */
export function isAssignable(key: string): boolean {
  return !["Tab", "Shift", "Control", "Alt", "Meta", "AltGraph", "CapsLock", "Unidentified", "Dead"].includes(key);
}

type KeyInput = Pick<KeyboardEvent, "key" | "ctrlKey" | "altKey" | "metaKey">;

/** What a key press asks of the board, or null (with Ctrl, Alt or Meta it is the browser's). */
export function commandOf(map: KeyMap, event: KeyInput): BoardCommand | null {
  if (event.ctrlKey || event.altKey || event.metaKey) return null;
  const key = normaliseKey(event.key);
  const command = KEY_COMMANDS.find((name) => map[name].some((mapped) => normaliseKey(mapped) === key));
  if (command) return { type: command };
  if (/^[1-9]$/.test(key)) return { type: "pick", n: Number(key) };
  return null;
}

/** The map with `key` as the command's one key, taken from any command that had it. */
export function withKey(map: KeyMap, command: KeyCommand, key: string): KeyMap {
  const taken = normaliseKey(key);
  const next = {} as Record<KeyCommand, readonly string[]>;
  for (const name of KEY_COMMANDS)
    next[name] = name === command ? [key] : map[name].filter((mapped) => normaliseKey(mapped) !== taken);
  return next;
}

/** A stored map, read defensively: anything unreadable is the default's, command by command. */
export function parseKeyMap(raw: string | null): KeyMap {
  if (!raw) return DEFAULT_KEY_MAP;
  let stored: unknown;
  try {
    stored = JSON.parse(raw);
  } catch {
    return DEFAULT_KEY_MAP;
  }
  if (typeof stored !== "object" || stored === null) return DEFAULT_KEY_MAP;
  const next = {} as Record<KeyCommand, readonly string[]>;
  for (const name of KEY_COMMANDS) {
    const keys = (stored as Record<string, unknown>)[name];
    next[name] =
      Array.isArray(keys) && keys.every((key) => typeof key === "string" && key.length > 0 && key.length <= 20)
        ? (keys as string[]).slice(0, 4)
        : DEFAULT_KEY_MAP[name];
  }
  return next;
}

const SYMBOLS: Record<string, string> = {
  ArrowUp: "↑",
  ArrowDown: "↓",
  ArrowLeft: "←",
  ArrowRight: "→",
  Escape: "Esc",
  Backspace: "⌫",
};

/** How a key is written on the settings (Space is said in words by the caller). */
export function keyLabel(key: string): string {
  return SYMBOLS[key] ?? (key.length === 1 ? key.toUpperCase() : key);
}
