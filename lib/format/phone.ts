/**
 * A telephone number as Brazilians write it: "(11) 98765-4321" (mobile), "(11) 3456-7890"
 * (landline), "+55 (11) 98765-4321" when the number carries the country code, "0800 123 4567"
 * for a free line, "98765-4321" without an area code. Platforms send numbers in any shape
 * ("11987654321", "+55 11 98765 4321", "(11)98765-4321"); only the separators change, never a
 * digit. Any other shape (a foreign number, letters, an extension, a count of digits no Brazilian
 * number has) is shown exactly as given.
 */
export function formatPhone(value: string): string {
  const given = value.trim();
  // Digits and the separators people type; anything else ("ramal 12", "n/a") is not reshaped.
  if (!/^\+?[\d\s().\-/]+$/.test(given)) return value;
  const digits = given.replace(/\D/g, "");
  const plus = given.startsWith("+");
  if (plus) {
    const national = digits.startsWith("55") ? withAreaCode(digits.slice(2)) : null;
    return national ? `+55 ${national}` : value;
  }
  const free = /^(0[358]00)(\d{3})(\d{4})$/.exec(digits);
  if (free) return `${free[1]} ${free[2]} ${free[3]}`;
  // Ten or eleven digits are a national number (even when they start with 55, Rio Grande do
  // Sul's area code); 55 and ten or eleven more carry the country code.
  const national = withAreaCode(digits);
  if (national) return national;
  const international = digits.startsWith("55") ? withAreaCode(digits.slice(2)) : null;
  if (international) return `+55 ${international}`;
  const short = /^(9\d{4}|[2-8]\d{3})(\d{4})$/.exec(digits);
  return short ? `${short[1]}-${short[2]}` : value;
}

/**
 * An area code (two digits, neither a zero: 11 to 99) then a mobile (9 and eight digits) or a
 * fixed line (eight digits, 2 to 9 first: landlines and older mobiles), or null.
 */
function withAreaCode(digits: string): string | null {
  const match = /^([1-9][1-9])(9\d{4}|[2-9]\d{3})(\d{4})$/.exec(digits);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : null;
}
