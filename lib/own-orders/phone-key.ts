// Without "server-only" (and without AppError): the order dialog's wa.me link and the customers
// page read phones in the browser too. lib/own-orders/phone.ts adds the server's refusal.
//
// One Brazilian phone number, one key: "+55 (11) 98765-4321", "11 987654321", "(011) 8765-4321"
// (a mobile of before the 9th digit), "98765-4321" with the restaurant's DDD… are all
// "5511987654321". The key is what customers are found by (lib/own-orders/customers.ts).

/** Brazil's area codes (Anatel): anything else is not a Brazilian number. */
const DDDS = new Set([
  11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 24, 27, 28, 31, 32, 33, 34, 35, 37, 38, 41, 42, 43, 44, 45, 46, 47, 48,
  49, 51, 53, 54, 55, 61, 62, 63, 64, 65, 66, 67, 68, 69, 71, 73, 74, 75, 77, 79, 81, 82, 83, 84, 85, 86, 87, 88, 89,
  91, 92, 93, 94, 95, 96, 97, 98, 99,
]);

/** What people type around the digits; any other character makes the input garbage. */
const SEPARATORS = /[\s\-().+/]/g;

export function isDdd(value: string): boolean {
  return /^\d{2}$/.test(value) && DDDS.has(Number(value));
}

/**
 * The number's key: 55 + DDD + subscriber (9 digits for a mobile, 8 for a landline), digits only.
 * Without a DDD the restaurant's own (`defaultDdd`) is assumed, as a phone operator would. Null
 * for anything that is not a Brazilian number.
 */
export function phoneKeyOrNull(input: string, options: { defaultDdd?: string } = {}): string | null {
  if (input.length > 40) return null;
  const stripped = input.replace(SEPARATORS, "");
  if (!/^\d+$/.test(stripped)) return null;
  let digits = stripped;
  // International access (00 55 …), then the country code, then the trunk prefix (0 11 …).
  if (digits.startsWith("0055")) digits = digits.slice(2);
  if (digits.length >= 12 && digits.startsWith("55")) digits = digits.slice(2);
  if ((digits.length === 11 || digits.length === 12) && digits.startsWith("0")) digits = digits.slice(1);
  let ddd: string;
  let subscriber: string;
  if (digits.length === 10 || digits.length === 11) {
    ddd = digits.slice(0, 2);
    subscriber = digits.slice(2);
  } else if ((digits.length === 8 || digits.length === 9) && options.defaultDdd !== undefined) {
    ddd = options.defaultDdd;
    subscriber = digits;
  } else return null;
  if (!isDdd(ddd)) return null;
  if (subscriber.length === 9) {
    if (!subscriber.startsWith("9")) return null;
  } else if (/^[6-9]/.test(subscriber)) {
    // A mobile written as before 2016, without its 9th digit: the same phone.
    subscriber = `9${subscriber}`;
  } else if (!/^[2-5]/.test(subscriber)) return null;
  return `55${ddd}${subscriber}`;
}

/** The DDD of a phone written in any form, or undefined (a restaurant's own, for phoneKey's default). */
export function dddOf(input: string): string | undefined {
  return phoneKeyOrNull(input)?.slice(2, 4);
}

/** A key as people read it: "(11) 98765-4321". */
export function formatPhoneKey(key: string): string {
  const ddd = key.slice(2, 4);
  const subscriber = key.slice(4);
  const cut = subscriber.length - 4;
  return `(${ddd}) ${subscriber.slice(0, cut)}-${subscriber.slice(cut)}`;
}
