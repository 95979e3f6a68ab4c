import { useFormatter, useTranslations } from "next-intl";
import type { ReactNode } from "react";
import type { BoardOrder, BoardStore } from "@/lib/contract/board";
import type { AgeThresholds } from "./age-thresholds";
import { CancelledBecause } from "./cancellation-request";
import { useConfirmedBy } from "./confirmed-by";
import { OrderActions } from "./card-actions";
import { OrderBadges } from "./order-badges";
import { OrderFlags } from "./order-flags";
import { StageTimer } from "./stage-timer";
import { MarkedTicket } from "./marked-ticket";
import { CompactLines, TicketLines, TicketNote } from "./ticket-lines";
import { useOrderTypeLabel } from "./use-order-type-label";
import { AllergySign, OrderNotes } from "./card-notes";
import { BumpAction, bumpOf } from "./bump-action";
import { RecallButton } from "./bump-undo";
import { RecalledSign } from "./recalled-sign";
import { StatusUnconfirmedSign } from "./status-unconfirmed-sign";
import { CourierFactSign } from "./courier-fact-sign";
import type { TicketPart } from "../lanes/ticket-parts";
import { ChannelChip, type ChipChannel } from "../channels/channel-chip";

/**
 * `row`: New orders at a glance (items compactly, notes in full); `dense`: a rush's New row on one
 * line — number, type, timer, item count and the confirm button — notes still in full;
 * `ticket`: everything to cook.
 */
export type CardVariant = "row" | "dense" | "ticket";

interface Props {
  order: BoardOrder;
  /** Arrived (or moved here) while the board was open: animate in once to say so. */
  fresh: boolean;
  accentBorder: string;
  /** The lane's age colours, for cards stored before stage timers; none for finished cards. */
  ageThresholds?: AgeThresholds;
  variant?: CardVariant;
  /** The order's store: its default preparation time; its name too when the board shows several. */
  store?: BoardStore;
  showStore?: boolean;
  /** Busy mode's extra minutes for the order's store: its confirm promises them too. */
  busyMinutes?: number;
  onOpen: (orderId: string) => void;
  /** A cooking ticket too tall for the rail's column is shown in parts (ticket-parts.ts); whole by default. */
  part?: TicketPart;
  /** The order's channel, when its restaurant has several (issue 28): a chip beside the number. */
  channel?: ChipChannel;
}

export function OrderCard({
  order,
  fresh,
  accentBorder,
  ageThresholds,
  variant = "ticket",
  store,
  showStore = false,
  busyMinutes = 0,
  onOpen,
  part,
  channel,
}: Props) {
  const t = useTranslations();
  const orderTypeLabel = useOrderTypeLabel();
  const format = useFormatter();
  // Filled by the confirm action's answer; never fetched.
  const confirmedBy = useConfirmedBy(order.id);
  const lines = order.lines ?? [];
  const row = variant !== "ticket";
  const dense = variant === "dense";
  const openLayer = (
    // The whole card opens the details (and takes the board keys' focus); the buttons sit above it.
    <button
      type="button"
      onClick={() => onOpen(order.id)}
      aria-label={t("card.open", { displayId: order.displayId })}
      data-card-open
      // A ticket's later parts open it too, on a tap; said and tabbed to once, on its first part.
      {...(part && part.index > 0 && { "aria-hidden": true, tabIndex: -1 })}
      className="absolute inset-0 rounded-lg active:bg-white/5"
    />
  );
  const typeChip = (
    <span className="rounded border border-zinc-500 px-1 text-sm leading-5 font-semibold uppercase" data-order-type>
      {orderTypeLabel(order.type)}
    </span>
  );
  const storeChip = showStore && store && (
    // A combined board: which kitchen the order belongs to, before anything else.
    <span className="rounded bg-zinc-200 px-1 text-sm leading-5 font-bold text-zinc-950">
      <span className="sr-only">{t("ticket.store")}: </span>
      {store.name}
    </span>
  );

  if (dense) {
    // A rush row is two lines high, so twenty fit at 1024×768: number and item count (or table) |
    // type and timer | confirm; a New order with notes adds them whole below, after "⚠ ALERGIA"
    // when one names an allergy (issue 27: every note, an item's too, is on the row). Ready and On
    // the way rows bump in one tap from a button across the row (Despachar, Retirado, Entregue:
    // beside the timer it would not fit the lane's 13 rem) and keep the allergy sign, not the notes.
    const canConfirm = order.actions.includes("confirm") && !order.cancellationRequested;
    const bump = bumpOf(order);
    return (
      <article
        aria-label={t("card.label", { displayId: order.displayId })}
        data-variant={variant}
        className={`relative grid min-h-12 grid-cols-[minmax(3.25rem,1fr)_auto_auto] grid-rows-[auto_auto] items-center gap-x-0.5 rounded-lg border-l-4 bg-zinc-800 pr-0.5 pl-1.5 ${accentBorder} ${
          fresh ? "motion-safe:animate-arrive" : ""
        }`}
      >
        {openLayer}
        <h3 className="text-2xl leading-7 font-extrabold tracking-tight tabular-nums" data-order-number>
          {order.displayId}
        </h3>
        <div className="flex items-center justify-end whitespace-nowrap">{typeChip}</div>
        {canConfirm ? (
          // As narrow as "Confirmar" (the rest wraps to its second line): every pixel it leaves
          // goes to the item count or table beside the timer, which a rush row cut to "3 it…".
          <div className="relative row-span-2 w-[4.625rem]">
            <OrderActions
              order={order}
              preparationMinutes={store?.preparationMinutes}
              busyMinutes={busyMinutes}
              compact
            />
          </div>
        ) : (
          <span className="row-span-2" />
        )}
        {/* The notes flag sits on this line, not beside the type: a row keeps room for its confirm. */}
        <span className="flex min-w-0 items-center gap-1 text-sm leading-5 text-zinc-300">
          {/* Right under the number: beside it the type and the confirm leave a rush row's number
              no room (a chip there was cut to "P…"). Its few letters (compact-label.ts); the row
              stays two lines. */}
          {channel && <ChannelChip channel={channel} compact className="max-w-[3.5rem] shrink-0" />}
          <span className="truncate">
            {showStore && store && (
              <span className="mr-1 font-bold text-zinc-100">
                <span className="sr-only">{t("ticket.store")}: </span>
                {store.name}
              </span>
            )}
            {order.place ? (
              <span className="font-bold text-zinc-100">
                <span className="sr-only">{t("lanes.placeLabel")}: </span>
                {order.place}
              </span>
            ) : order.pickupCode && order.column !== "new" ? (
              // At the pass the courier's code matters more than the item count (its place on the row).
              // The row's 13 rem cut "Coleta 1828" to "Cole…": the code alone, boxed as on a ticket.
              <span
                className="rounded border border-zinc-400 px-1 font-bold text-zinc-100 tabular-nums"
                data-pickup-code
              >
                <span className="sr-only">{t("card.pickupCode", { code: "" }).trim()} </span>
                {order.pickupCode}
              </span>
            ) : (
              t("card.itemCount", { count: order.itemCount })
            )}
          </span>
        </span>
        <StageTimer order={order} thresholds={ageThresholds} className="text-sm leading-5" />
        {order.recalled && (
          <div className="col-span-3">
            <RecalledSign order={order} />
          </div>
        )}
        {order.statusUnconfirmed && (
          <div className="col-span-3">
            <StatusUnconfirmedSign order={order} />
          </div>
        )}
        {order.courier && (
          <div className="col-span-3">
            <CourierFactSign order={order} />
          </div>
        )}
        {order.column === "new"
          ? (order.allergy || order.notes || order.moreNotes || lines.some((line) => line.note)) && (
              <div className="col-span-3 flex flex-col gap-0.5 pb-0.5">
                {order.allergy && <AllergySign className="self-start text-xs leading-[1.125rem]" />}
                <OrderNotes order={order} />
              </div>
            )
          : order.allergy && <AllergySign className="col-span-3 self-start text-xs leading-[1.125rem]" />}
        {bump && (
          <div className="relative col-span-3 pb-1">
            <BumpAction order={order} compact />
          </div>
        )}
        <div className="col-span-3 empty:hidden">
          <OrderBadges order={order} hideDeadline={Boolean(order.dueAt)} />
          <OrderFlags order={order} />
        </div>
      </article>
    );
  }

  const first = !part || part.index === 0;
  const last = !part || part.index === part.count - 1;
  const continued = !first && part;
  return (
    <article
      aria-label={
        continued
          ? t("kitchen.ticket.partLabel", {
              displayId: order.displayId,
              part: String(continued.index + 1),
              count: String(continued.count),
            })
          : t("card.label", { displayId: order.displayId })
      }
      data-variant={variant}
      data-part={part && part.count > 1 ? part.index : undefined}
      className={`relative flex flex-col gap-0.5 rounded-lg border-l-[6px] bg-zinc-800 px-2 py-1 text-lg ${accentBorder} ${
        fresh ? "motion-safe:animate-arrive" : ""
      }`}
    >
      {openLayer}
      {continued ? (
        // A ticket's later part: its number again, and that it continues (never a headless part).
        <>
          <NumberLine displayId={order.displayId}>
            <span className="text-sm font-bold text-zinc-300" data-continued>
              {t("kitchen.ticket.continued", { part: String(continued.index + 1), count: String(continued.count) })}
            </span>
          </NumberLine>
          {/* Numbers repeat across platforms: every part says whose it is (ticket-parts.ts counts the line). */}
          {channel && (
            <p className="flex leading-[1.125rem]">
              <ChannelChip channel={channel} />
            </p>
          )}
        </>
      ) : (
        <>
          <NumberLine displayId={order.displayId} channel={row ? channel : undefined}>
            <StageTimer order={order} thresholds={ageThresholds} className="text-sm" />
          </NumberLine>
          <p className="flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-sm">
            {/* A ticket's 11 rem have no room for it beside the number and the timer: it opens the
                line under them (ticket-parts.ts counts it); a row has it beside its number. */}
            {!row && channel && <ChannelChip channel={channel} />}
            {typeChip}
            {storeChip}
            {order.place && (
              // The table or tab: where an INDOOR order goes. Its own words, boxed to stand out.
              <span className="rounded bg-zinc-100 px-1.5 leading-6 font-bold text-zinc-950">
                <span className="sr-only">{t("lanes.placeLabel")}: </span>
                {order.place}
              </span>
            )}
            {order.pickupCode && (
              // What the platform's courier must say to take the bag: checked at the pass.
              <span className="rounded border border-zinc-400 px-1.5 leading-6 font-bold tabular-nums" data-pickup-code>
                {t("card.pickupCode", { code: order.pickupCode })}
              </span>
            )}
            {row ? (
              <span className="text-zinc-300">{t("card.itemCount", { count: order.itemCount })}</span>
            ) : order.customerName ? (
              // Who it is for matters at the pass, not at the stove: beside the type when 4 rem are left
              // there (a ticket line saved), one line, in full in the details.
              <span className={`${channel ? "min-w-0" : "min-w-16"} flex-1 basis-0 truncate font-semibold`}>
                {order.customerName}
              </span>
            ) : null}
            {!row && order.preparationMinutes && (
              <span className="text-zinc-400">
                {t("ticket.preparationPromised", { minutes: String(order.preparationMinutes) })}
              </span>
            )}
          </p>
          {/* Before the items: the first thing read on the ticket's first view (issue 27, point 2). */}
          {order.allergy && (
            <p className="text-base">
              <AllergySign className="px-1.5 text-base leading-7" />
            </p>
          )}
          {order.recalled && <RecalledSign order={order} />}
          <StatusUnconfirmedSign order={order} />
          <CourierFactSign order={order} />
          {/* The order's state (cancellation asked, flags, unreadable) with its head: on the part a
              cook reads first, whatever the ticket's length. */}
          <OrderBadges order={order} hideDeadline={Boolean(order.dueAt)} />
          <CancelledBecause order={order} />
          <OrderFlags order={order} />
          {order.detailsUnreadable && (
            <p className="flex items-center gap-2 rounded-md border-2 border-attention px-3 py-2 font-semibold text-attention">
              <span aria-hidden="true">⚠</span>
              {t("card.detailsUnreadable")}
            </p>
          )}
          {order.notes && (
            <div className="text-base">
              <TicketNote note={order.notes} label={t("ticket.orderNote")} />
            </div>
          )}
        </>
      )}

      {/* Item marks help while cooking; a finished order's ticket is only read. */}
      {part?.lines.length === 0 ? null : lines.length > 0 ? (
        row ? (
          <CompactLines lines={lines} />
        ) : order.column === "preparing" ? (
          <MarkedTicket order={order} indexes={part?.lines} />
        ) : (
          <TicketLines lines={lines} indexes={part?.lines} />
        )
      ) : (
        <p className="flex flex-wrap justify-between gap-x-4 text-zinc-200">
          <span>{t("card.itemCount", { count: order.itemCount })}</span>
          <span className="font-semibold tabular-nums">
            {order.total
              ? format.number(order.total.value, { style: "currency", currency: order.total.currency })
              : t("card.totalUnknown")}
          </span>
        </p>
      )}
      {last && order.moreNotes && (
        <div className="text-sm">
          <TicketNote note={order.moreNotes} label={t("kitchen.notes.more")} />
        </div>
      )}

      {last ? (
        <>
          {confirmedBy && <p className="text-base text-zinc-300">{t("actions.confirmedBy", { name: confirmedBy })}</p>}

          <div className="relative">
            <OrderActions order={order} preparationMinutes={store?.preparationMinutes} busyMinutes={busyMinutes} />
            <BumpAction order={order} />
            {order.column === "done" && <RecallButton orderId={order.id} from="done" displayId={order.displayId} />}
          </div>
        </>
      ) : (
        <p className="text-right text-sm font-bold text-zinc-300" data-continues>
          {t("kitchen.ticket.continues")}
        </p>
      )}
    </article>
  );
}

/**
 * A card's first line: its number, then (`children`) its timer or "continuação 2/2". With a
 * channel (a New row of a restaurant of several, issue 28) its chip sits between them, in a column
 * that gives way first (cut with "…"): the line never wraps for the chip, so it pushes no note out.
 */
function NumberLine({
  displayId,
  channel,
  children,
}: {
  displayId: string;
  channel?: ChipChannel;
  children: ReactNode;
}) {
  if (!channel)
    return (
      <div className="flex flex-wrap items-baseline justify-between gap-x-1">
        <h3 className="text-2xl leading-none font-extrabold tracking-tight tabular-nums" data-order-number>
          {displayId}
        </h3>
        {children}
      </div>
    );
  return (
    <div className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-1">
      <h3
        className="text-2xl leading-none font-extrabold tracking-tight whitespace-nowrap tabular-nums"
        data-order-number
      >
        {displayId}
      </h3>
      <ChannelChip channel={channel} className="justify-self-start" />
      {children}
    </div>
  );
}
