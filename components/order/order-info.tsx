import { useLocale, useTranslations } from "next-intl";
import type { OrderReview } from "@/lib/contract/order-review";
import { formatPhone } from "@/lib/format/phone";
import { formatAmount } from "./details-format";
import { usePaymentMethodLabel } from "./use-payment-method-label";

/** Customer, where it goes, how it is paid, and the money. */
export function OrderInfo({ review }: { review: OrderReview }) {
  const t = useTranslations("details");
  const locale = useLocale();
  const methodLabel = usePaymentMethodLabel();
  const money = (amount: OrderReview["total"]) => formatAmount(locale, amount);
  const address = review.delivery;
  const indoor = review.indoor;

  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-lg">
      <dt className="text-zinc-400">{t("customer")}</dt>
      <dd>
        {review.customer.name ?? "—"}
        {review.customer.phone && (
          <span className="block tabular-nums text-zinc-300">{formatPhone(review.customer.phone)}</span>
        )}
      </dd>
      {address && (
        <>
          <dt className="text-zinc-400">{t("address")}</dt>
          <dd>
            {address.address ?? "—"}
            {address.reference && (
              <span className="block text-zinc-300">{t("reference", { reference: address.reference })}</span>
            )}
          </dd>
          {address.pickupCode && (
            <>
              <dt className="text-zinc-400">{t("pickupCode")}</dt>
              <dd className="font-bold tabular-nums">{address.pickupCode}</dd>
            </>
          )}
        </>
      )}
      {indoor && (
        <>
          <dt className="text-zinc-400">{t("indoor")}</dt>
          <dd>
            {[
              indoor.place,
              indoor.table && t("table", { table: indoor.table }),
              indoor.tab && t("tab", { tab: indoor.tab }),
            ]
              .filter(Boolean)
              .join(" · ")}
          </dd>
        </>
      )}
      <dt className="text-zinc-400">{t("payment")}</dt>
      <dd>
        <ul>
          {review.payments.map((method, index) => (
            <li key={index}>
              {methodLabel(method.method)}
              {" — "}
              <strong className={method.pending ? "text-late" : "text-go"}>
                {method.pending ? t("toCollect") : t("prepaid")}
              </strong>{" "}
              {money(method.amount)}
              {method.changeFor ? (
                <span className="block">{t("changeFor", { amount: money(method.changeFor) ?? "" })}</span>
              ) : null}
            </li>
          ))}
        </ul>
      </dd>
      {review.billingAddress && (
        <>
          <dt className="text-zinc-400">{t("billingAddress")}</dt>
          <dd>{review.billingAddress}</dd>
        </>
      )}
      {review.fees.map((fee, index) => {
        // A fee of a type the standard names reads in the viewer's language (1.7's MIN_ORDER_FEE
        // included); the platform's own name beside it when it says more ("Taxa de serviço (10%)").
        const known = fee.type && (FEE_TYPES as readonly string[]).includes(fee.type);
        const label = known ? t(`feeType.${fee.type as FeeType}`) : (fee.name ?? t("fee"));
        const hint = known && fee.name && fee.name.toLowerCase() !== label.toLowerCase() ? fee.name : null;
        return <Row key={`fee-${index}`} label={label} value={money(fee.amount)} hint={hint} />;
      })}
      {review.discounts.map((discount, index) => (
        <Row key={`discount-${index}`} label={t("discount")} value={`− ${money(discount.amount) ?? ""}`} />
      ))}
      <dt className="text-xl font-bold">{t("total")}</dt>
      <dd className="text-xl font-bold tabular-nums">{money(review.total) ?? "—"}</dd>
      {review.notes && (
        <>
          <dt className="text-zinc-400">{t("notes")}</dt>
          <dd className="rounded-md border-2 border-late px-3 py-1 font-semibold text-late">{review.notes}</dd>
        </>
      )}
    </dl>
  );
}

const FEE_TYPES = ["DELIVERY_FEE", "SERVICE_FEE", "TIP", "MIN_ORDER_FEE"] as const;
type FeeType = (typeof FEE_TYPES)[number];

function Row({ label, value, hint = null }: { label: string; value: string | null; hint?: string | null }) {
  return (
    <>
      <dt className="text-zinc-400">{label}</dt>
      <dd className="tabular-nums">
        {value ?? "—"}
        {hint && <span className="block text-base text-zinc-300">{hint}</span>}
      </dd>
    </>
  );
}
