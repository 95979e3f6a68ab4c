"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import type { BoardOrder, BoardSnapshot } from "@/lib/contract/board";
import { BOARD_QUERY_KEY } from "@/components/board/stream/board-cache";
import { orderDetailsKey } from "@/components/order/order-details-key";
import { fetchOrderReview } from "@/components/order/order-details-query";
import { finishPrint, handedToPrinter, usePrintRequest } from "./print-request";
import { Ticket } from "./ticket";
import type { ChipChannel } from "@/components/board/channels/channel-chip";

const PX_PER_MM = 96 / 25.4;

/**
 * Prints the requested order's ticket: renders it at the paper's width (off screen, so it can be
 * measured), sizes the page to the ticket — one page, no blank paper fed after it — and opens the
 * browser's print. Mounted once on the board; print CSS in globals.css shows the ticket alone.
 */
export function TicketPrinter({ channels }: { channels?: ReadonlyMap<string, ChipChannel> }) {
  const request = usePrintRequest();
  const queryClient = useQueryClient();
  const review = useQuery({
    queryKey: orderDetailsKey(request?.orderId ?? ""),
    queryFn: ({ signal }) => fetchOrderReview(request!.orderId, signal),
    enabled: request !== null,
    staleTime: 10_000,
    retry: 1,
  });
  const ticket = useRef<HTMLDivElement>(null);
  const [measured, setMeasured] = useState<{ requestId: number; heightMm: number } | null>(null);

  // Printing goes on when the details cannot be read: the ticket then says so.
  const ready = request !== null && (review.isSuccess || review.isError);
  const order: BoardOrder | undefined =
    review.data?.order ??
    queryClient.getQueryData<BoardSnapshot>(BOARD_QUERY_KEY)?.orders.find((o) => o.id === request?.orderId);

  useLayoutEffect(() => {
    if (!ready || !ticket.current || measured?.requestId === request.requestId) return;
    const heightMm = Math.ceil(ticket.current.getBoundingClientRect().height / PX_PER_MM) + 2;
    setMeasured({ requestId: request.requestId, heightMm });
  }, [ready, request, measured]);

  useEffect(() => {
    if (!request || measured?.requestId !== request.requestId) return;
    const done = () => finishPrint(request.requestId);
    window.addEventListener("afterprint", done, { once: true });
    window.print();
    handedToPrinter(request.requestId);
    return () => window.removeEventListener("afterprint", done);
  }, [request, measured]);

  if (!ready || !order) return null;
  const pageHeight = measured?.requestId === request.requestId ? measured.heightMm : null;
  return createPortal(
    <div ref={ticket} className="print-ticket" data-request={request.requestId}>
      {pageHeight && <style>{`@page { size: 80mm ${pageHeight}mm; margin: 0; }`}</style>}
      <Ticket
        order={order}
        review={review.data?.review ?? null}
        printedAt={new Date()}
        channel={channels?.get(order.channelId)}
      />
    </div>,
    document.body,
  );
}
