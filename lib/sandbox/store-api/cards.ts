import { acceptedCardBrands } from "../catalog";
import type { StoreDomain } from "./domain";
import { unprocessable } from "./errors";
import type { SavedCard } from "./state";

// Saving a card: Luhn check, brand from the number, not expired. Only the brand and the last
// four digits are kept (a real platform would tokenise the card with its acquirer).

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return digits.length >= 13 && sum % 10 === 0;
}

export function brandOf(digits: string): string | undefined {
  if (/^(4011|4312|4389|4514|4576|5041|5066|5067|509|6277|6362|6363|650|6516|6550)/.test(digits)) return "ELO";
  if (/^(606282|3841)/.test(digits)) return "HIPERCARD";
  if (/^3[47]/.test(digits)) return "AMEX";
  if (/^4/.test(digits)) return "VISA";
  if (/^(5[1-5]|2[2-7])/.test(digits)) return "MASTERCARD";
  return undefined;
}

export type CardInput = {
  number: string;
  expiryMonth: number;
  expiryYear: number;
  holderName: string;
  document: string;
  verificationCode?: string | null;
  billingAddressId?: number | null;
};

export function saveCard(domain: StoreDomain, merchantId: string, customerId: number, input: CardInput): SavedCard {
  if (!luhnValid(input.number)) throw unprocessable("invalid_card", "number: not a valid card number");
  const brand = brandOf(input.number);
  if (!brand || !(acceptedCardBrands as readonly string[]).includes(brand)) {
    throw unprocessable(
      "card_brand_not_accepted",
      `number: the brand is not accepted (${acceptedCardBrands.join(", ")})`,
    );
  }
  const year = input.expiryYear < 100 ? 2000 + input.expiryYear : input.expiryYear;
  const now = domain.now();
  const [nowYear, nowMonth] = [now.getUTCFullYear(), now.getUTCMonth() + 1];
  if (year < nowYear || (year === nowYear && input.expiryMonth < nowMonth))
    throw unprocessable("card_expired", "expiryYear: the card has expired");
  const codeLength = brand === "AMEX" ? 4 : 3;
  if (brand === "AMEX" && !input.verificationCode)
    throw unprocessable("invalid_card", "verificationCode: required for American Express");
  if (input.verificationCode && input.verificationCode.length !== codeLength) {
    throw unprocessable("invalid_card", `verificationCode: ${codeLength} digits for ${brand}`);
  }
  if (input.billingAddressId != null) domain.addressOf(merchantId, customerId, input.billingAddressId);
  const mine = [...domain.cards.values()].filter((c) => c.merchantId === merchantId && c.customerId === customerId);
  const card: SavedCard = {
    id: domain.nextId("card"),
    merchantId,
    customerId,
    brand,
    lastNumbers: Number(input.number.slice(-4)),
    expiryMonth: input.expiryMonth,
    expiryYear: year,
    holderName: input.holderName,
    document: input.document,
    billingAddressId: input.billingAddressId ?? null,
    isPrimary: mine.length === 0,
  };
  domain.cards.set(card.id, card);
  return card;
}

export function cardShape(domain: StoreDomain, card: SavedCard) {
  const billing = card.billingAddressId === null ? undefined : domain.addresses.get(card.billingAddressId);
  return {
    id: card.id,
    brand: { encodedName: card.brand.toLowerCase() },
    lastNumbers: card.lastNumbers,
    expiryMonth: card.expiryMonth,
    expiryYear: card.expiryYear,
    isPrimary: card.isPrimary,
    holderName: card.holderName,
    document: card.document,
    billingAddress: billing ? { id: billing.id, ...billing.address } : null,
  };
}
