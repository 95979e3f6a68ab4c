import { useTranslations } from "next-intl";
import { Activity, memo, useRef, type ComponentProps, type ReactNode } from "react";
import type { BoardOrder, BoardStore } from "@/lib/contract/board";
import { AGE_THRESHOLDS } from "../card/age-thresholds";
import { COLUMN_ACCENT, type VisibleColumn } from "./board-columns";
import { ColumnCount } from "./column-count";
import { OrderCard, type CardVariant } from "../card/order-card";
import { OutOfView } from "./out-of-view";
import { useTicketParts } from "./use-ticket-parts";
import { useOutOfView } from "./use-out-of-view";
import { SELECTED_RING } from "../keys/use-board-keys";
import type { ChipChannel } from "../channels/channel-chip";

/**
 * A stream update replaces one card; the others keep their object identity (applyOrderChange),
 * so memoised cards skip re-rendering: with hundreds on the board, an update stays within a frame.
 * The list item is inside the memo too: a column of 200 re-renders 200 skipped items, not 200
 * <li> elements React must compare (issue 13: ≤ 8 ms per update).
 * Each card is an Activity boundary of its own (always visible): React hydrates the server-rendered
 * cards after the rest of the page, in slices that leave the tablet responsive (a tap on a card
 * hydrates that one first), instead of in one long task; a card the stream changes meanwhile is
 * the only one hydrated at once. (A Suspense boundary would do the same for hydration, but the
 * server streams large pages' Suspense boundaries after the shell, revealed in later batches.)
 */
const CardItem = memo(function CardItem({
  itemClassName,
  ...card
}: ComponentProps<typeof OrderCard> & { itemClassName: string }) {
  return (
    // Off-screen cards skip layout and paint until scrolled to (a long New column at rush hour).
    <li
      // The ring of the board keys' selection (keys/use-board-keys.ts sets the attribute).
      className={`[contain-intrinsic-size:auto_8rem] [content-visibility:auto] ${SELECTED_RING} ${itemClassName}`}
      data-order-id={card.order.id}
    >
      <Activity>
        <OrderCard {...card} />
      </Activity>
    </li>
  );
});

interface Props {
  column: VisibleColumn;
  orders: readonly BoardOrder[];
  /** Cards with a newer seq changed while the board was open. */
  baselineSeq: number;
  onOpen: (orderId: string) => void;
  /** How its cards show (order-card.tsx); tickets by default. */
  variant?: CardVariant;
  /** The section's place in the board's layout, and its list's (tiles, a ticket rail…); see board-lanes.tsx. */
  className?: string;
  listClassName?: string;
  itemClassName?: string;
  /** The header's own layout (e.g. a vertical title beside a ticket rail, to give the tickets the height). */
  headerClassName?: string;
  /** The viewer's stores by id; their names show on the cards when `showStore`. */
  stores?: ReadonlyMap<string, BoardStore>;
  showStore?: boolean;
  /** Busy mode's extra minutes by store (use-merchant-controls.ts useBusyMinutesByStore). */
  busyMinutes?: ReadonlyMap<string, number>;
  /** A ticket rail of fixed-height columns: tickets too tall for one are shown in parts (ticket-parts.ts). */
  splitTickets?: boolean;
  /** The out-of-view count's button, where the header needs it laid out its own way. */
  outOfViewClassName?: string;
  /**
   * The section's classes while some of its cards are out of view: its list scrolls, so the
   * section is at its greatest height and can be contained there (see the New lane in
   * board-lanes.tsx). They must not change that height, or the section flips between the two.
   */
  scrollingClassName?: string;
  /** Said in the title line, between the title and the count (New: auto-accept's state). */
  headerExtra?: ReactNode;
  /** The channels that get a chip on their cards, by id (channels/channel-filter.ts chipChannels). */
  channels?: ReadonlyMap<string, ChipChannel>;
}

/**
 * Memoised: the lanes keep their arrays while their cards do not change (sortIntoLanes), so a
 * stream update re-renders the one or two columns it touches, not all of them.
 */
export const BoardColumnView = memo(function BoardColumnView({
  column,
  orders,
  baselineSeq,
  onOpen,
  variant,
  className = "",
  listClassName = "flex flex-1 flex-col gap-3 overflow-y-auto p-2 md:min-h-0",
  itemClassName = "",
  headerClassName = "",
  stores,
  showStore,
  busyMinutes,
  splitTickets = false,
  outOfViewClassName = "",
  scrollingClassName = "",
  headerExtra,
  channels,
}: Props) {
  const t = useTranslations("columns");
  const headingId = `column-${column}-heading`;
  const accent = COLUMN_ACCENT[column];
  const list = useRef<HTMLOListElement>(null);
  const partsOf = useTicketParts(list, splitTickets, orders, channels);
  // Nothing out of view goes unsaid (issue 27): how many, and one tap to the next.
  const outOfView = useOutOfView(list, orders, partsOf);

  return (
    <section
      aria-labelledby={headingId}
      className={`flex flex-col rounded-xl border-t-4 bg-zinc-900 md:min-h-0 ${accent.border} ${className} ${
        outOfView.hidden.length > 0 ? scrollingClassName : ""
      }`}
    >
      {/* The count sits outside the heading so the region's name stays just the column title.
          At 1024 px both fit one line; in narrower columns the title wraps, never the count. */}
      <header className={`flex items-baseline justify-between gap-x-2 px-3 pt-1 pb-0.5 ${headerClassName}`}>
        <h2 id={headingId} className={`text-lg font-bold ${accent.text}`}>
          {t(`${column}.title`)}
        </h2>
        {headerExtra}
        <ColumnCount count={orders.length} bumpColor={accent.bumpColor} />
        <OutOfView count={outOfView.hidden.length} onShow={outOfView.showNext} className={outOfViewClassName} />
      </header>
      {orders.length === 0 ? (
        variant === "dense" ? (
          // A row lane (Ready, On the way) says it is empty by its count alone: a placeholder there
          // took the room of two Ready rows beside a rush.
          <p className="sr-only">{t(`${column}.empty`)}</p>
        ) : (
          <p className="m-2 h-fit rounded-lg border-2 border-dashed border-zinc-700 p-3 text-center text-lg text-zinc-400">
            {t(`${column}.empty`)}
          </p>
        )
      ) : (
        <ol ref={list} className={listClassName}>
          {orders.flatMap((order) =>
            partsOf(order).map((part) => (
              <CardItem
                key={part.count > 1 ? `${order.id}:${part.index}` : order.id}
                itemClassName={itemClassName}
                part={part.count > 1 ? part : undefined}
                order={order}
                fresh={order.seq > baselineSeq}
                accentBorder={accent.border}
                ageThresholds={AGE_THRESHOLDS[column]}
                variant={variant}
                store={stores?.get(order.storeId)}
                showStore={showStore}
                busyMinutes={busyMinutes?.get(order.storeId)}
                channel={channels?.get(order.channelId)}
                onOpen={onOpen}
              />
            )),
          )}
        </ol>
      )}
    </section>
  );
});
