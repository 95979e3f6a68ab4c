/**
 * Text PostgreSQL can store. Its `text` and `jsonb` types refuse the NUL character (U+0000), and
 * a lone UTF-16 surrogate cannot be encoded as UTF-8 at all: either one in an order or an action
 * used to fail the whole write. Both are replaced by U+FFFD (the replacement character), once, where
 * text enters Comanda: what the platform sends (lib/platform) and what staff send (the contract).
 */
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export const REPLACEMENT = "\uFFFD";

export function storableText(text: string): string {
  return text.replace(UNSTORABLE, REPLACEMENT);
}

/**
 * Deepest JSON nesting Comanda keeps. An Open Delivery order is about six levels deep; a platform
 * sending thousands of levels ("[[[[…") would overflow the call stack of every recursive reader
 * down the line (this walk, JSON.stringify inside the database driver), failing its store's poll.
 */
export const MAX_JSON_DEPTH = 64;

/** Thrown by storableJson for JSON nested deeper than MAX_JSON_DEPTH: callers treat it as unreadable. */
export class JsonTooDeepError extends Error {
  constructor() {
    super(`JSON nested more than ${MAX_JSON_DEPTH} levels deep`);
    this.name = "JsonTooDeepError";
  }
}

/**
 * A JSON value with every string (keys included) made storable. `changed` says whether anything
 * was replaced, so the caller can keep the original, encoded, where it matters for audit. Throws
 * JsonTooDeepError for JSON nested deeper than MAX_JSON_DEPTH.
 */
export function storableJson(value: unknown): { value: unknown; changed: boolean } {
  let changed = false;
  const walk = (node: unknown, depth: number): unknown => {
    if (typeof node === "string") {
      const clean = storableText(node);
      if (clean !== node) changed = true;
      return clean;
    }
    if (node === null || typeof node !== "object") return node;
    if (depth >= MAX_JSON_DEPTH) throw new JsonTooDeepError();
    if (Array.isArray(node)) return node.map((item) => walk(item, depth + 1));
    return Object.fromEntries(Object.entries(node).map(([key, item]) => [walk(key, depth), walk(item, depth + 1)]));
  };
  const clean = walk(value, 0);
  return { value: clean, changed };
}

/**
 * The original of a value that had to be cleaned, as its JSON text: JSON.stringify escapes NUL and
 * lone surrogates (\u0000, \ud800), so the result is storable and the original exactly recoverable.
 */
export function encodedOriginal(value: unknown): string {
  return JSON.stringify(value);
}
