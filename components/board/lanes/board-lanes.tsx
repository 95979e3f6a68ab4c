import { useMemo } from "react";
import type { BoardOrder, BoardStore } from "@/lib/contract/board";
import { BoardColumnView } from "./board-column";
import { useBusyMinutesByStore } from "../controls/use-merchant-controls";
import type { LaneCards } from "../stream/board-cache";
import { AutoAcceptStatusLine } from "../controls/auto-accept-status";
import type { ChipChannel } from "../channels/channel-chip";

/** From this many New orders, New rows drop their item list to one line each (a rush). */
export const DENSE_NEW_FROM = 7;

interface Props {
  lanes: LaneCards;
  /** Every card of the board (auto-accept's count and cap read them). */
  orders?: readonly BoardOrder[];
  stores: readonly BoardStore[] | undefined;
  baselineSeq: number;
  onOpen: (orderId: string) => void;
  /** The channels whose cards get a chip (a restaurant of several). */
  channels?: ReadonlyMap<string, ChipChannel>;
}

/**
 * The live lanes, laid out for a rush (issue 13, point 2). On a tablet or wider:
 *   New         a strip across the top: rows in as many columns as fit, each a glance (number,
 *               type, countdown, items or their count, the confirm button); at most half the
 *               height, scrolling beyond it.
 *   Preparing   below it, a flowing ticket rail: tickets fill columns of at least 11 rem top to
 *               bottom, then the next column (four or more abreast at 1024 px), so short tickets
 *               stack and a rush shows more of them whole; the rail scrolls sideways for more. A
 *               ticket taller than the rail is laid out in parts, each a column's height at most,
 *               each with the ticket's number ("continuação 2/2"; ticket-parts.ts); lines are
 *               never split. A lane with tickets out of view says how many ("+3 ›", one tap).
 *   Ready, On the way   a narrow column on the right, as rows: they need a number and a timer.
 * On a phone the lanes stack in that order and the page scrolls. A layout of equal columns gave
 * a rush's New column 1½ cards while the others sat empty.
 */
export function BoardLanes({ lanes, orders, stores, baselineSeq, onOpen, channels }: Props) {
  const storeMap = useMemo(() => new Map((stores ?? []).map((store) => [store.id, store])), [stores]);
  // Store names only where they tell orders apart: a board that shows more than one store.
  const showStore = storeMap.size > 1;
  // Answers from before the snapshot named its stores: the stores of the cards. As text, so the
  // list (and the minutes below) stay the same objects while the stores do.
  const storeKey = (
    stores
      ? stores.map((store) => store.id)
      : [...new Set(Object.values(lanes).flatMap((cards) => cards.map((card) => card.storeId)))]
  ).join("\n");
  const storeIds = useMemo(() => (storeKey ? storeKey.split("\n") : []), [storeKey]);
  const busyMinutes = useBusyMinutesByStore(storeIds);
  const fresh = lanes.new;
  const common = { baselineSeq, onOpen, stores: storeMap, showStore, busyMinutes, channels };

  return (
    <>
      <BoardColumnView
        {...common}
        column="new"
        orders={fresh}
        variant={fresh.length >= DENSE_NEW_FROM ? "dense" : "row"}
        // Its grid row (board.tsx) holds it to 40 % of the height, or half the lanes' room on a
        // board crowded by banners: twenty rows fit at 1024×768 (five rows of four), and a longer
        // queue scrolls here rather than leave the tickets below less than a ticket's height.
        className="md:col-span-2"
        // Scrolling, the lane is at its row's limit anyway: size-contained, a card leaving or
        // joining it is laid out inside it. Sized by its content, every change laid the whole lane
        // out again for the board's grid (7–9 ms of a stream update's frame with 100 rows). Its
        // intrinsic height is the row's limit (`--new-lane-limit`, board.tsx), so the row stays at
        // that limit and the lane's height where it was: a fixed height of 40vh would outgrow a
        // row cut to half the lanes' room, hold every card, drop this class, and shrink again.
        scrollingClassName="md:[contain:size] md:[contain-intrinsic-height:var(--new-lane-limit)]"
        // A tight title line on a tablet: every pixel of height goes to the tickets below.
        headerClassName="md:py-0 md:[&_h2]:leading-6"
        // The "+N" keeps a thumb's 48 px without making the title line taller.
        outOfViewClassName="md:-my-3"
        headerExtra={stores && stores.length > 0 && <AutoAcceptStatusLine stores={stores} orders={orders} />}
        listClassName="grid grid-cols-1 content-start items-start gap-x-1 gap-y-1 overflow-y-auto md:gap-y-0.5 px-1.5 pb-1.5 sm:grid-cols-[repeat(auto-fill,minmax(15rem,1fr))] md:min-h-0"
      />
      <BoardColumnView
        {...common}
        column="preparing"
        orders={lanes.preparing}
        variant="ticket"
        // On a tablet the title runs down the rail's left edge: the tickets get its height. The
        // board's grid gives the lane its size (md:h-dvh), so it is size-contained: a ticket joining
        // or leaving the rail is laid out inside it, not the whole page again (12 ms → 1.5 ms of
        // layout per stream update with 300 cards).
        className="md:min-h-0 md:flex-row md:[contain:size]"
        // Of one width whatever its "+N" says: the rail's columns are counted from what the title
        // leaves, and "+9" → "+10" (more parts in narrower columns) took a column away, which
        // made "+9" again… the tickets moved every frame (a minute of "not stable" in CI).
        headerClassName="md:w-20 md:shrink-0 md:justify-end md:gap-3 md:px-0.5 md:py-2 md:[writing-mode:vertical-rl] md:rotate-180"
        // Columns of tickets as a wrapping flex column, not CSS multi-column: a multi-column rail is
        // one fragmented flow the browser lays out whole (50–60 ms for 200 tickets) whenever one
        // ticket changes, where a flex line only re-places its items, each keeping its cached
        // layout. Same fill: top to bottom, then the next column; `--rail-column` is the narrowest
        // column, and use-ticket-parts.ts sets `--rail-width` so the columns share the rail's width.
        // No scrollbar takes room from it either (a touch tablet's never does; the "+N" says what
        // is out of view): a part that overflowed the rail brought a scrollbar, one column fewer,
        // wider and shorter tickets, no scrollbar, one column more. Keeping the scrollbar's room
        // instead cost a column at 1024 px. Columns of at least 10.5 rem: four at 1024 px beside
        // the title's fixed width.
        listClassName="flex flex-col gap-1.5 overflow-auto px-1.5 pb-1.5 sm:grid sm:auto-cols-[11rem] sm:grid-flow-col sm:grid-rows-[auto] sm:items-start md:flex md:min-h-0 md:min-w-0 md:flex-1 md:flex-col md:flex-wrap md:content-start md:gap-1.5 md:py-1 md:pl-0 md:[--rail-column:10.5rem] md:[scrollbar-width:none]"
        itemClassName="md:w-[var(--rail-width,var(--rail-column))] md:shrink-0"
        // A ticket taller than the rail is shown in parts, each with its number (issue 27).
        splitTickets
        // Upright in the title's vertical strip.
        outOfViewClassName="md:[writing-mode:horizontal-tb] md:rotate-180"
      />
      <div className="flex flex-col gap-2 md:min-h-0">
        {(["ready", "dispatched"] as const).map((column) => (
          <BoardColumnView
            {...common}
            key={column}
            column={column}
            orders={lanes[column]}
            variant="dense"
            // Ready takes what On the way leaves (at most 45 %, its rows' height when fewer): an
            // empty On the way no longer takes half the column from five Ready orders.
            className={column === "ready" ? "md:flex-1" : "md:max-h-[45%] md:shrink-0"}
            listClassName="flex flex-col gap-1 overflow-y-auto px-1.5 pb-1.5 md:min-h-0"
          />
        ))}
      </div>
    </>
  );
}
