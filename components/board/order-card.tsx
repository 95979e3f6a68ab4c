import { useQuery } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { ageOrigin } from "@/lib/orders/lanes";
import type { BoardOrder } from "@/lib/contract/board";
import type { AgeThresholds } from "./age-thresholds";
import { confirmedByKey, OrderActions } from "./order-actions";
import { OrderAge } from "./order-age";
import { OrderBadges } from "./order-badges";
import { useOrderTypeLabel } from "./use-order-type-label";

interface Props {
  order: BoardOrder;
  /** Arrived (or moved here) while the board was open: animate in once to say so. */
  fresh: boolean;
  accentBorder: string;
  /** The lane's age colours; none for finished cards. */
  ageThresholds?: AgeThresholds;
  onOpen: (orderId: string) => void;
}

export function OrderCard({ order, fresh, accentBorder, ageThresholds, onOpen }: Props) {
  const t = useTranslations();
  const orderTypeLabel = useOrderTypeLabel();
  const format = useFormatter();
  // Filled by the confirm action's answer; never fetched.
  const confirmedBy = useQuery<string | null>({
    queryKey: confirmedByKey(order.id),
    queryFn: () => null,
    enabled: false,
    staleTime: Infinity,
  }).data;

  return (
    <article
      aria-label={t("card.label", { displayId: order.displayId })}
      className={`relative flex flex-col gap-1.5 rounded-lg border-l-8 bg-zinc-800 px-3 py-3 text-lg ${accentBorder} ${
        fresh ? "motion-safe:animate-arrive" : ""
      }`}
    >
      {/* The whole card opens the details; the confirm button sits above this layer. */}
      <button
        type="button"
        onClick={() => onOpen(order.id)}
        aria-label={t("card.open", { displayId: order.displayId })}
        className="absolute inset-0 rounded-lg active:bg-white/5"
      />
      <div className="flex flex-wrap items-start justify-between gap-x-3">
        <h3 className="text-4xl leading-none font-extrabold tracking-tight tabular-nums">{order.displayId}</h3>
        <OrderAge since={ageOrigin(order)} thresholds={ageThresholds} />
      </div>

      <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="rounded-md border border-zinc-500 px-2 py-0.5 text-lg leading-6 font-semibold tracking-wide uppercase">
          {orderTypeLabel(order.type)}
        </span>
        {order.place && (
          // The table or tab: where an INDOOR order goes. Its own words, boxed to stand out.
          <span className="rounded-md bg-zinc-100 px-2 py-0.5 font-bold text-zinc-950">
            <span className="sr-only">{t("lanes.placeLabel")}: </span>
            {order.place}
          </span>
        )}
        {order.customerName ? (
          <span className="font-semibold break-words">{order.customerName}</span>
        ) : (
          <span className="text-zinc-400 italic">{t("card.noCustomer")}</span>
        )}
      </p>

      <p className="flex flex-wrap justify-between gap-x-4 text-zinc-200">
        <span>{t("card.itemCount", { count: order.itemCount })}</span>
        <span className="font-semibold tabular-nums">
          {order.total
            ? format.number(order.total.value, { style: "currency", currency: order.total.currency })
            : t("card.totalUnknown")}
        </span>
      </p>

      <OrderBadges order={order} />

      {order.detailsUnreadable && (
        <p className="flex items-center gap-2 rounded-md border-2 border-attention px-3 py-2 font-semibold text-attention">
          <span aria-hidden="true">⚠</span>
          {t("card.detailsUnreadable")}
        </p>
      )}

      {confirmedBy && <p className="text-lg text-zinc-300">{t("actions.confirmedBy", { name: confirmedBy })}</p>}

      <div className="relative">
        <OrderActions order={order} />
      </div>
    </article>
  );
}
