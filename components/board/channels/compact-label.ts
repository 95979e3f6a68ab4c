/**
 * A channel's label where a rush row has room for a few letters only (issue 28): a label of up to
 * six characters as it is ("App 1", "iFood", "Balcão"); a longer one of several words by their
 * first letters ("Plataforma A" → "PA", "Delivery Much" → "DM"), so two channels whose labels share
 * a first word still read apart. A single long word stays whole and is cut with "…" by the chip.
 * The chip's accessible name always says the whole label and its platform.
 */
export function compactLabel(label: string): string {
  const text = label.trim().replace(/\s+/g, " ");
  if (Array.from(text).length <= 6) return text;
  const words = text.split(" ");
  if (words.length < 2) return text;
  return words.map((word) => Array.from(word)[0]!).join("");
}
