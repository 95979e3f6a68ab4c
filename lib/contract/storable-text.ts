/**
 * Text PostgreSQL can store. Its `text` and `jsonb` types refuse the NUL character (U+0000), and
 * a lone UTF-16 surrogate cannot be encoded as UTF-8 at all: either one in an order or an action
 * used to fail the whole write. Both are replaced by U+FFFD (the replacement character), once, where
 * text enters Comanda: what the platform sends (lib/platform) and what staff send (the contract).
 */
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/**
 * Whether a text may hold one: NUL or any surrogate. Nearly no text does (an emoji's pair is the
 * usual exception), and this simple class is much cheaper to test than UNSTORABLE's lookarounds.
 */
const SUSPECT = /[\u0000\uD800-\uDFFF]/;

export const REPLACEMENT = "\uFFFD";

export function storableText(text: string): string {
  return SUSPECT.test(text) ? text.replace(UNSTORABLE, REPLACEMENT) : text;
}

/** Whether storableText would change this text. */
function isUnstorable(text: string): boolean {
  return SUSPECT.test(text) && storableText(text) !== text;
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
 *
 * Nearly every value is storable as it is: a first walk only looks (and measures the depth), and
 * the value is returned as it came, uncopied; only a value with something to replace is copied.
 * (Copying every order's every object cost a tenth of ingest's CPU.)
 */
export function storableJson(value: unknown): { value: unknown; changed: boolean } {
  if (!needsCleaning(value, 0)) return { value, changed: false };
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

/** Whether any string of the value (keys included) is unstorable; throws JsonTooDeepError as storableJson does. */
function needsCleaning(node: unknown, depth: number): boolean {
  if (typeof node === "string") return isUnstorable(node);
  if (node === null || typeof node !== "object") return false;
  if (depth >= MAX_JSON_DEPTH) throw new JsonTooDeepError();
  if (Array.isArray(node)) {
    for (const item of node) if (needsCleaning(item, depth + 1)) return true;
    return false;
  }
  for (const key of Object.keys(node))
    if (isUnstorable(key) || needsCleaning((node as Record<string, unknown>)[key], depth + 1)) return true;
  return false;
}

/**
 * The original of a value that had to be cleaned, as its JSON text: JSON.stringify escapes NUL and
 * lone surrogates (\u0000, \ud800), so the result is storable and the original exactly recoverable.
 */
export function encodedOriginal(value: unknown): string {
  return JSON.stringify(value);
}
