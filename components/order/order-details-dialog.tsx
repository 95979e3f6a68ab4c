"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import type { BoardOrder } from "@/lib/contract/board";
import { OrderBadges } from "@/components/board/card/order-badges";
import { useOrderTypeLabel } from "@/components/board/card/use-order-type-label";
import { CustomerMessages } from "./customer-messages";
import { EditOrderButton } from "@/components/own-order/edit-order-button";
import { OrderActionPanel } from "./order-action-panel";
import { orderDetailsKey } from "./order-details-key";
import { fetchOrderReview } from "./order-details-query";
import { OrderInfo } from "./order-info";
import { ItemSoldOut } from "./item-sold-out";
import { OrderItems } from "./order-items";
import { OrderTimeline } from "./order-timeline";
import { PrintButton } from "@/components/print/print-button";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ChannelChip, samePlatform, type ChipChannel } from "@/components/board/channels/channel-chip";

/**
 * One order for review and action: a modal dialog (focus moves in, Escape closes, focus returns
 * to the card). The card comes from the board cache, so it follows the stream while open.
 */
export function OrderDetailsDialog({
  order,
  channel,
  onClose,
}: {
  order: BoardOrder;
  /** The channel the order came from (issue 28), when the board's status named it. */
  channel?: ChipChannel;
  onClose: () => void;
}) {
  const t = useTranslations();
  const orderTypeLabel = useOrderTypeLabel();
  const review = useQuery({
    queryKey: orderDetailsKey(order.id),
    queryFn: ({ signal }) => fetchOrderReview(order.id, signal),
    staleTime: 0,
    refetchOnWindowFocus: false,
  });

  const headingId = `order-${order.id}-heading`;
  const details = review.data?.review ?? null;

  return (
    <Dialog
      frame="full"
      titleId={headingId}
      title={t("card.label", { displayId: order.displayId })}
      details={
        <>
          <span className="text-xl font-semibold uppercase">{orderTypeLabel(order.type)}</span>
          <span className="text-xl text-zinc-300">{t(`columns.${order.column}.title`)}</span>
          {channel && (
            // Which channel, and on which platform: the number above is that platform's.
            <span className="flex items-center gap-1.5 text-lg text-zinc-300" data-testid="order-channel">
              <ChannelChip channel={channel} className="text-sm leading-6" />
              {!samePlatform(channel) && (
                <span aria-hidden="true">{channel.platform ?? t("channels.ownPlatform")}</span>
              )}
            </span>
          )}
        </>
      }
      actions={<PrintButton orderId={order.id} />}
      closeLabel={t("details.close")}
      onClose={onClose}
    >
      <div className="grid min-h-0 flex-1 grid-cols-1 gap-4 overflow-y-auto p-4 md:grid-cols-[1fr_20rem] md:overflow-hidden">
        {/* Scrolls on its own on a tablet, and has nothing focusable: focusable itself, so a keyboard can scroll it. */}
        <div
          tabIndex={0}
          role="region"
          aria-labelledby={headingId}
          className="flex flex-col gap-4 md:min-h-0 md:overflow-y-auto md:pr-2"
        >
          <OrderBadges order={order} />
          {(order.detailsUnreadable || review.data?.detailsError) && (
            <p className="rounded-md border-2 border-attention px-3 py-2 text-lg font-semibold text-attention">
              <span aria-hidden="true">⚠ </span>
              {t("card.detailsUnreadable")}
            </p>
          )}
          {review.isPending && <p role="status">{t("details.loading")}</p>}
          {review.isError && (
            <div role="alert" className="flex flex-col gap-2">
              <p>{t("details.loadError")}</p>
              <Button variant="secondary" onClick={() => void review.refetch()}>
                {t("board.retry")}
              </Button>
            </div>
          )}
          {details && (
            <>
              <OrderItems
                items={details.items}
                lineExtra={(line) => <ItemSoldOut storeId={order.storeId} line={line} />}
              />
              <OrderInfo review={details} />
            </>
          )}
          {review.data && (
            <section aria-label={t("details.timeline")}>
              <h3 className="mb-1 text-xl font-bold">{t("details.timeline")}</h3>
              <OrderTimeline entries={review.data.timeline} storeId={order.storeId} />
            </section>
          )}
        </div>
        {/* On a phone the ticket comes first (what to cook, then what to do with it). */}
        <div className="md:min-h-0 md:overflow-y-auto">
          <OrderActionPanel key={order.id} order={order} />
          {/* An own order still New can be corrected (issue 30): the same form, filled with it. */}
          <EditOrderButton order={order} className="mt-4" />
          {details && <CustomerMessages order={order} review={details} />}
        </div>
      </div>
    </Dialog>
  );
}
