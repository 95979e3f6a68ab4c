import { useTranslations } from "next-intl";

/** The payment methods of the standard, each with a label (`details.method.*`) in both catalogues. */
const KNOWN_PAYMENT_METHODS = [
  "PIX",
  "CASH",
  "CREDIT",
  "DEBIT",
  "MEAL_VOUCHER",
  "FOOD_VOUCHER",
  "DIGITAL_WALLET",
  "OTHER",
] as const;

/**
 * A payment method's label, for the details and the printed ticket alike. A method outside the
 * standard is shown as the platform sent it, so an unusual payment is never hidden.
 */
export function usePaymentMethodLabel(): (method: string | null) => string {
  const t = useTranslations("details.method");
  return (method) => {
    const known = KNOWN_PAYMENT_METHODS.find((candidate) => candidate === method);
    return known ? t(known) : (method ?? "?");
  };
}
