/**
 * What one order may hold for Comanda to take it into a card (issue 26). A real order has a few
 * dozen items; a platform sending 20,000, or a 200,000-character name, is broken or hostile. Past
 * these, the order's details are kept as received (at most MAX_ORDER_DETAILS_BYTES, the client's
 * byte limit, reached first by anything much larger) but not reshaped: the card shows the order
 * flagged unreadable, with the reason, as for any order whose details cannot be read.
 */
export const ORDER_BOUNDS = {
  items: 500,
  optionsPerItem: 100,
  /** The longest text anywhere in the order (a name, a note, an address). */
  textLength: 10_000,
} as const;

/** Why the order's details are past ORDER_BOUNDS, in a sentence; null when within them. */
export function pastBounds(details: unknown): string | null {
  if (!isRecord(details)) return null;
  const items = Array.isArray(details.items) ? details.items : [];
  if (items.length > ORDER_BOUNDS.items)
    return `The order has ${items.length} items; Comanda takes at most ${ORDER_BOUNDS.items}.`;
  for (const item of items) {
    const options = isRecord(item) && Array.isArray(item.options) ? item.options : [];
    if (options.length > ORDER_BOUNDS.optionsPerItem)
      return `An item of the order has ${options.length} options; Comanda takes at most ${ORDER_BOUNDS.optionsPerItem}.`;
  }
  const longest = longestText(details);
  if (longest > ORDER_BOUNDS.textLength)
    return `A text of the order has ${longest} characters; Comanda takes at most ${ORDER_BOUNDS.textLength}.`;
  return null;
}

/**
 * The length of the longest string in a parsed JSON value (its depth is bounded where it is
 * parsed). Plain loops: it walks every order ingested, and entries arrays were garbage to collect.
 */
function longestText(value: unknown): number {
  if (typeof value === "string") return value.length;
  let longest = 0;
  if (Array.isArray(value)) for (const each of value) longest = Math.max(longest, longestText(each));
  else if (isRecord(value))
    for (const key of Object.keys(value)) longest = Math.max(longest, key.length, longestText(value[key]));
  return longest;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
