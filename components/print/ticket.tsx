import { useLocale, useTranslations } from "next-intl";
import type { BoardOrder } from "@/lib/contract/board";
import { useOrderTypeLabel } from "@/components/board/card/use-order-type-label";
import { formatAmount } from "@/components/order/details-format";
import { useStoreClock } from "@/components/order/use-store-clock";
import { usePaymentMethodLabel } from "@/components/order/use-payment-method-label";
import type { OrderReview } from "@/lib/contract/order-review";
import type { ChipChannel } from "@/components/board/channels/channel-chip";

/**
 * The kitchen ticket for 80 mm thermal paper: black on white only (thermal heads dither greys),
 * the quantity first and big, options indented under their item with quantities already
 * multiplied, instructions and notes boxed so nobody reads past them.
 */
export function Ticket({
  order,
  review,
  printedAt,
  channel,
}: {
  order: BoardOrder;
  review: OrderReview | null;
  printedAt: Date;
  /** The order's channel, when its restaurant has several (issue 28): the number is that platform's. */
  channel?: ChipChannel;
}) {
  const t = useTranslations();
  const orderTypeLabel = useOrderTypeLabel();
  const locale = useLocale();
  const methodLabel = usePaymentMethodLabel();
  const lines = review?.items ?? [];
  const address = review?.delivery;
  const clock = useStoreClock();
  const scheduled = clock(order.scheduledFor, order.storeId);
  const box = "my-[1.5mm] border-[0.6mm] border-black px-[1.5mm] py-[1mm] font-bold";

  return (
    <article
      aria-label={t("print.ticketLabel", { displayId: order.displayId })}
      className="text-[11pt] leading-tight text-black"
    >
      <header className="border-b-[0.6mm] border-black pb-[1.5mm]">
        <p className="flex items-baseline justify-between gap-[2mm]">
          <span className="text-[26pt] leading-none font-black tabular-nums">{order.displayId}</span>
          <span className="text-[13pt] font-black uppercase">{orderTypeLabel(order.type)}</span>
        </p>
        {channel && (
          // Black on white like the rest (thermal paper has no colour): the label, boxed, and its platform.
          <p className="mt-[1mm] text-[12pt]" data-channel={channel.id}>
            {t("print.channel")}: <strong className="border-[0.4mm] border-black px-[1mm]">{channel.label}</strong>
            {channel.platform && channel.platform.trim().toLowerCase() !== channel.label.trim().toLowerCase()
              ? ` (${channel.platform})`
              : ""}
          </p>
        )}
        {scheduled && <p className={`${box} text-[13pt]`}>{t("print.scheduled", { time: scheduled })}</p>}
        {order.cancellationRequested && <p className={`${box} text-[13pt]`}>{t("print.cancellationRequested")}</p>}
        <p className="mt-[1mm]">{t("print.placedAt", { time: clock(order.placedAt, order.storeId) ?? "—" })}</p>
        <p>
          {t("print.customer")}: <strong>{review?.customer.name ?? order.customerName ?? "—"}</strong>
        </p>
      </header>

      {lines.length === 0 ? (
        <p className={box}>{t("print.noDetails")}</p>
      ) : (
        <ul className="border-b-[0.6mm] border-black py-[1.5mm]">
          {lines.map((line, index) => (
            <li key={index} className="py-[1mm] [&+&]:border-t-[0.3mm] [&+&]:border-dashed [&+&]:border-black">
              <p className="flex gap-[2mm] text-[14pt] leading-snug font-bold">
                <span className="min-w-[9mm] text-[17pt] leading-none font-black tabular-nums">{line.quantity}×</span>
                <span className="break-words">
                  {line.name}
                  {line.unit && <span className="font-normal"> ({line.unit})</span>}
                </span>
              </p>
              {line.options.length > 0 && (
                <ul className="ml-[11mm] text-[12pt]">
                  {line.options.map((option, i) => (
                    <li key={i} className="break-words">
                      <span className="font-bold tabular-nums">{option.quantity}×</span> {option.name}
                    </li>
                  ))}
                </ul>
              )}
              {line.instructions && <p className={`${box} ml-[11mm] text-[12pt] break-words`}>{line.instructions}</p>}
            </li>
          ))}
        </ul>
      )}

      {review?.notes && (
        <p className={`${box} text-[12pt] break-words`}>
          {t("print.notes")}: {review.notes}
        </p>
      )}

      <div className="pt-[1.5mm]">
        {address && (
          <p className="break-words">
            <strong>{t("print.address")}:</strong> {address.address ?? "—"}
            {address.reference && (
              <span className="block">{t("details.reference", { reference: address.reference })}</span>
            )}
          </p>
        )}
        {(review?.payments ?? []).map((method, index) => (
          <p key={index}>
            <strong>{t("print.payment")}:</strong> {methodLabel(method.method)} —{" "}
            {method.pending ? <strong>{t("details.toCollect")}</strong> : t("details.prepaid")}{" "}
            {formatAmount(locale, method.amount)}
            {method.changeFor ? (
              <strong className="block">
                {t("details.changeFor", { amount: formatAmount(locale, method.changeFor) ?? "" })}
              </strong>
            ) : null}
          </p>
        ))}
        <p className="flex justify-between text-[13pt] font-black">
          <span>{t("print.total")}</span>
          <span className="tabular-nums">{formatAmount(locale, review?.total ?? order.total) ?? "—"}</span>
        </p>
        <p className="mt-[1mm] text-[9pt]">
          {t("print.printedAt", { time: clock(printedAt.toISOString(), order.storeId) ?? "" })}
        </p>
      </div>
    </article>
  );
}
