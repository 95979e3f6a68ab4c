/**
 * Allergy and intolerance words in a customer's note (issue 27): a note that names one raises the
 * card's `allergy` flag, whether it sits on the order or on an item, and the board makes such an
 * order impossible to confirm without seeing the note.
 *
 * Whole words, case- and accent-insensitive ("ALERGICO", "alérgico" and "Alérgico" alike; a note
 * typed without accents is the common case), in pt-BR and English. Whole words so that a word
 * that merely contains one ("alergista" is not a request, "sem glúteos" is not "sem glúten")
 * raises nothing; each form is listed, not a stem. The list is docs/kitchen.md's.
 */
export const ALLERGY_WORDS: readonly string[] = [
  // pt-BR
  "alergia",
  "alergias",
  "alergico",
  "alergica",
  "alergicos",
  "alergicas",
  "alergenico",
  "alergenicos",
  "alergeno",
  "alergenos",
  "intolerante",
  "intolerantes",
  "intolerancia",
  "intolerancias",
  "celiaco",
  "celiaca",
  "celiacos",
  "celiacas",
  "doenca celiaca",
  "anafilaxia",
  "anafilatico",
  "anafilatica",
  "sem gluten",
  "zero gluten",
  "livre de gluten",
  "sem lactose",
  "zero lactose",
  "livre de lactose",
  "sem leite",
  "sem amendoim",
  "sem castanha",
  "sem castanhas",
  "sem frutos do mar",
  "sem camarao",
  "sem ovo",
  "sem ovos",
  // English
  "allergy",
  "allergies",
  "allergic",
  "allergen",
  "allergens",
  "intolerant",
  "intolerance",
  "celiac",
  "coeliac",
  "anaphylaxis",
  "anaphylactic",
  "epipen",
  "gluten free",
  "gluten-free",
  "lactose free",
  "lactose-free",
  "dairy free",
  "dairy-free",
  "nut free",
  "nut-free",
  "no nuts",
  "no peanuts",
];

/** Each unaccented letter stands for its accented forms too (the notes are typed either way). */
const ACCENTS: Readonly<Record<string, string>> = {
  a: "[aáàâãä]",
  e: "[eéèêë]",
  i: "[iíìîï]",
  o: "[oóòôõö]",
  u: "[uúùûü]",
  c: "[cç]",
  n: "[nñ]",
};

function wordPattern(word: string): string {
  return [...word].map((char) => (char === " " ? "\\s+" : char === "-" ? "[-\\s]?" : (ACCENTS[char] ?? char))).join("");
}

/** Longest first, so "doença celíaca" is one match, not "celíaca" alone. */
const ALLERGY_SOURCE = [...ALLERGY_WORDS]
  .sort((a, b) => b.length - a.length)
  .map(wordPattern)
  .join("|");

/** Matches every allergy word of a note, as a whole word (no letter or digit either side). */
export function allergyPattern(): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${ALLERGY_SOURCE})(?![\\p{L}\\p{N}])`, "giu");
}

/** True when the note names an allergy or intolerance. */
export function hasAllergy(note: string | null | undefined): boolean {
  if (!note) return false;
  return allergyPattern().test(note.normalize("NFC"));
}

/** The allergy phrases of a note, as written, in order. */
export function allergyPhrases(note: string): string[] {
  return [...note.normalize("NFC").matchAll(allergyPattern())].map((match) => match[0]);
}
