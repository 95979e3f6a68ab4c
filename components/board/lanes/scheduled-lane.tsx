import { useTranslations } from "next-intl";
import { useRef } from "react";
import { OutOfView } from "./out-of-view";
import { useOutOfView } from "./use-out-of-view";
import type { BoardOrder } from "@/lib/contract/board";
import { useStoreClock } from "@/components/order/use-store-clock";
import { ColumnCount } from "./column-count";
import { useOrderTypeLabel } from "../card/use-order-type-label";
import { ChannelChip, type ChipChannel } from "../channels/channel-chip";

interface Props {
  orders: readonly BoardOrder[];
  onOpen: (orderId: string) => void;
  /** The channels whose cards get a chip (a restaurant of several). */
  channels?: ReadonlyMap<string, ChipChannel>;
}

/**
 * Scheduled orders waiting for their preparation time: a strip above the columns, not a fifth
 * column (five would not fit 1024 px), and only while it holds something. Each card says when
 * to start; tapping it opens the details (where an early confirm is possible).
 */
export function ScheduledLane({ orders, onOpen, channels }: Props) {
  const t = useTranslations();
  const orderTypeLabel = useOrderTypeLabel();
  const clock = useStoreClock();
  const list = useRef<HTMLOListElement>(null);
  const outOfView = useOutOfView(list, orders, null);
  if (orders.length === 0) return null;

  return (
    <section
      aria-labelledby="lane-scheduled-heading"
      className="mx-2 mt-2 flex items-center gap-3 rounded-xl border-l-4 border-indigo-400 bg-zinc-900 px-3 py-2"
    >
      <header className="flex shrink-0 flex-col items-start">
        <h2 id="lane-scheduled-heading" className="text-xl font-bold whitespace-nowrap text-indigo-300">
          {t("lanes.scheduled.title")}
        </h2>
        <ColumnCount count={orders.length} bumpColor="[--bump-color:var(--color-indigo-300)]" />
      </header>
      {/* The right edge fades while more cards lie beyond it: a sign the strip scrolls. */}
      <ol
        ref={list}
        className="flex min-w-0 flex-1 gap-2 overflow-x-auto pr-10 pb-1 [mask-image:linear-gradient(to_right,black_calc(100%-2.5rem),transparent)]"
      >
        {orders.map((order) => (
          <li key={order.id} className="shrink-0" data-order-id={order.id}>
            <article
              aria-label={t("card.label", { displayId: order.displayId })}
              className="relative flex min-h-12 items-center gap-3 rounded-lg bg-zinc-800 px-3 py-1.5 text-lg"
            >
              <button
                type="button"
                onClick={() => onOpen(order.id)}
                aria-label={t("card.open", { displayId: order.displayId })}
                className="absolute inset-0 rounded-lg active:bg-white/5"
              />
              <span className="text-2xl font-extrabold tabular-nums">{order.displayId}</span>
              {channels?.has(order.channelId) && <ChannelChip channel={channels.get(order.channelId)!} />}
              <span className="flex flex-col leading-tight">
                <span className="font-semibold whitespace-nowrap text-indigo-200">
                  {t("lanes.scheduled.preparationAt", { time: clock(order.preparationStartAt, order.storeId) ?? "?" })}
                </span>
                <span className="text-base whitespace-nowrap text-zinc-300">
                  {orderTypeLabel(order.type)}
                  {" · "}
                  {order.column === "preparing"
                    ? `✓ ${t("lanes.scheduled.confirmed")}`
                    : t("lanes.scheduled.notConfirmed")}
                </span>
              </span>
            </article>
          </li>
        ))}
      </ol>
      <OutOfView count={outOfView.hidden.length} onShow={outOfView.showNext} />
    </section>
  );
}
