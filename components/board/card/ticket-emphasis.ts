import { allergyPattern } from "@/lib/orders/allergy";

/**
 * Words a cook must not miss in a customer's note: allergies (lib/orders/allergy.ts: the words that
 * raise the card's allergy flag) and "without …" requests. Split out so the ticket can set them
 * apart (bold, boxed) while keeping the note's own words whole.
 */
const REQUESTS =
  /(?<!\p{L})(al[eé]rgi\w*|allerg\w*|intoler\w*|cel[ií]ac\w*|sem\s+[^\s,.;!?]+|without\s+[^\s,.;!?]+|n[aã]o\s+(?:colocar|pode|quero)\s+[^\s,.;!?]+)/giu;
// Allergy words first: at the same place, "sem lactose" is an allergy, not only a request.
const EMPHASIS = new RegExp(`${allergyPattern().source}|${REQUESTS.source}`, "giu");
const ALLERGY = new RegExp(`^(?:${allergyPattern().source})$`, "iu");

export interface NotePart {
  text: string;
  emphasis: boolean;
  /** An allergy or intolerance word (it raises the card's allergy flag). */
  allergy?: boolean;
}

/** The note in order, each part marked whether it is an allergy or "sem …" phrase. */
export function emphasise(note: string): NotePart[] {
  const parts: NotePart[] = [];
  let last = 0;
  for (const match of note.matchAll(EMPHASIS)) {
    const start = match.index;
    if (start > last) parts.push({ text: note.slice(last, start), emphasis: false });
    parts.push({ text: match[0], emphasis: true, ...(ALLERGY.test(match[0]) && { allergy: true }) });
    last = start + match[0].length;
  }
  if (last < note.length) parts.push({ text: note.slice(last), emphasis: false });
  return parts;
}
