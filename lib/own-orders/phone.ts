import { ownOrderError } from "./errors";
import { phoneKeyOrNull } from "./phone-key";

export { dddOf, formatPhoneKey, isDdd } from "./phone-key";

/**
 * The number's key (lib/own-orders/phone-key.ts), or a `phoneInvalid` AppError on anything that is
 * not a Brazilian number: the form says which field is wrong.
 */
export function phoneKey(input: string, options: { defaultDdd?: string } = {}): string {
  const key = phoneKeyOrNull(input, options);
  if (key === null) {
    throw ownOrderError("phoneInvalid", `“${input.slice(0, 40)}” is not a Brazilian phone number.`, input.slice(0, 40));
  }
  return key;
}
