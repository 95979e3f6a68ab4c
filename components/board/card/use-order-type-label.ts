import { useTranslations } from "next-intl";
import { isKnownOrderType } from "./order-format";

/** An order type's words (`orderType.*`); a type outside the standard is shown as the platform sent it. */
export function useOrderTypeLabel(): (type: string) => string {
  const t = useTranslations("orderType");
  return (type) => (isKnownOrderType(type) ? t(type) : type);
}
