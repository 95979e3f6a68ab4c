"use client";

import { useRef, type ReactNode } from "react";
import type { BoardOrder } from "@/lib/contract/board";
import { SELECTED_RING } from "../keys/use-board-keys";
import { OutOfView } from "../lanes/out-of-view";
import { useOutOfView } from "../lanes/use-out-of-view";

/**
 * A station's or expo's wall of tickets: its title with how many tickets it holds (`count`, never
 * only what fits), "+N ›" for those out of view (the board lanes' own), and the list. Each list
 * item names its order (data-order-id) for the out-of-view count and the board keys' ring.
 */
export function TicketWall({
  title,
  count,
  empty,
  orders,
  ticket,
}: {
  title: string;
  count: string;
  empty: string;
  orders: readonly BoardOrder[];
  ticket: (order: BoardOrder) => ReactNode;
}) {
  const list = useRef<HTMLUListElement>(null);
  const outOfView = useOutOfView(list, orders, null);
  return (
    <section aria-label={title} className="col-span-full row-span-full flex min-h-0 flex-col gap-1">
      <div className="flex min-h-12 flex-wrap items-center gap-x-3 gap-y-1">
        <h2 className="text-2xl font-extrabold">{title}</h2>
        {orders.length > 0 && (
          <p className="text-lg font-semibold text-zinc-300 tabular-nums" data-wall-count>
            {count}
          </p>
        )}
        <OutOfView count={outOfView.hidden.length} onShow={outOfView.showNext} className="ml-auto" />
      </div>
      {orders.length === 0 && <p className="text-lg text-zinc-300">{empty}</p>}
      {/* Padded: the selected ticket's focus ring is drawn outside it, and the list clips. */}
      <ul
        ref={list}
        className="grid grid-cols-[repeat(auto-fill,minmax(15rem,1fr))] content-start gap-2 p-1.5 md:min-h-0 md:overflow-y-auto"
      >
        {orders.map((order) => (
          <li key={order.id} data-order-id={order.id} className={SELECTED_RING}>
            {ticket(order)}
          </li>
        ))}
      </ul>
    </section>
  );
}
