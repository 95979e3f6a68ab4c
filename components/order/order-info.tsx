import { useLocale, useTranslations } from "next-intl";
import type { OrderDetails } from "./details-types";
import { formatMoney, formatPrice } from "./details-format";

const KNOWN_METHODS = ["PIX", "CASH", "CREDIT", "DEBIT", "MEAL_VOUCHER", "FOOD_VOUCHER", "DIGITAL_WALLET", "OTHER"] as const;
type KnownMethod = (typeof KNOWN_METHODS)[number];
const isKnownMethod = (method: string | undefined): method is KnownMethod =>
  (KNOWN_METHODS as readonly (string | undefined)[]).includes(method);

/** Customer, where it goes, how it is paid, and the money. */
export function OrderInfo({ details }: { details: OrderDetails }) {
  const t = useTranslations("details");
  const locale = useLocale();
  const currency = details.total?.orderAmount?.currency ?? "BRL";
  const money = (value: number | undefined) => formatMoney(locale, value, currency);
  const address = details.delivery?.deliveryAddress;
  const indoor = details.indoor;

  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-lg">
      <dt className="text-zinc-400">{t("customer")}</dt>
      <dd>
        {details.customer?.name ?? "—"}
        {details.customer?.phone?.number && (
          <span className="block tabular-nums text-zinc-300">{details.customer.phone.number}</span>
        )}
      </dd>
      {address && (
        <>
          <dt className="text-zinc-400">{t("address")}</dt>
          <dd>
            {address.formattedAddress ?? "—"}
            {address.reference && <span className="block text-zinc-300">{t("reference", { reference: address.reference })}</span>}
          </dd>
        </>
      )}
      {indoor && (
        <>
          <dt className="text-zinc-400">{t("indoor")}</dt>
          <dd>{[indoor.place, indoor.table && t("table", { table: indoor.table }), indoor.tab && t("tab", { tab: indoor.tab })].filter(Boolean).join(" · ")}</dd>
        </>
      )}
      <dt className="text-zinc-400">{t("payment")}</dt>
      <dd>
        <ul>
          {(details.payments?.methods ?? []).map((method, index) => (
            <li key={index}>
              {isKnownMethod(method.method) ? t(`method.${method.method}`) : (method.method ?? "?")}
              {" — "}
              <strong className={method.type === "PENDING" ? "text-late" : "text-go"}>
                {method.type === "PENDING" ? t("toCollect") : t("prepaid")}
              </strong>{" "}
              {money(method.value)}
              {method.changeFor ? <span className="block">{t("changeFor", { amount: money(method.changeFor) ?? "" })}</span> : null}
            </li>
          ))}
        </ul>
      </dd>
      {(details.otherFees ?? []).map((fee, index) => (
        <Row key={`fee-${index}`} label={fee.name ?? t("fee")} value={formatPrice(locale, fee.price, currency)} />
      ))}
      {(details.discounts ?? []).map((discount, index) => (
        <Row key={`discount-${index}`} label={t("discount")} value={`− ${formatPrice(locale, discount.amount, currency) ?? ""}`} />
      ))}
      <dt className="text-xl font-bold">{t("total")}</dt>
      <dd className="text-xl font-bold tabular-nums">{formatPrice(locale, details.total?.orderAmount, currency) ?? "—"}</dd>
      {details.extraInfo && (
        <>
          <dt className="text-zinc-400">{t("notes")}</dt>
          <dd className="rounded-md border-2 border-late px-3 py-1 font-semibold text-late">{details.extraInfo}</dd>
        </>
      )}
    </dl>
  );
}

function Row({ label, value }: { label: string; value: string | null }) {
  return (
    <>
      <dt className="text-zinc-400">{label}</dt>
      <dd className="tabular-nums">{value ?? "—"}</dd>
    </>
  );
}
