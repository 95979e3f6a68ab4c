import type { BoardOrder, BoardOverflow, BoardSnapshot, BoardStore, KitchenLine, OrderActionAnswer } from "./board";
import { BOARD_COLUMNS, COURIER_FACTS, ORDER_ACTIONS, ORDER_FLAGS, SOLD_OUT_KINDS } from "./board-values";
import type { StationBumpAnswer } from "./stations";
import type { ControlChange, MerchantState, PacingReason } from "./merchant-state";
import { array, boolean, int, nullable, number, object, oneOf, optional, refine, string, type Shape } from "./shape";
import type { ChannelStatus, PrinterAlarmStatus, StatusMessage, StoreStatus } from "./stream";

/**
 * What the board checks on its first load, on each stream message and on the answers of its
 * card and header actions, without zod (shape.ts says why): the shapes of board.ts's snapshot,
 * card and action answer, stream.ts's status message and merchant-state.ts's state and answers.
 * Each is typed against its schema's type (a missing, extra or differently typed field does not
 * compile); board-shape.test.ts checks that each accepts and refuses what its zod schema does.
 */

const optionalNullableString = optional(nullable(string));
const intAtLeast = (min: number) => refine(int, (value) => value >= min);
const intBetween = (min: number, max: number) => refine(int, (value) => value >= min && value <= max);
const stringAtMost = (max: number) => refine(string, (value) => value.length <= max);

const kitchenLineShape = object<KitchenLine>({
  name: string,
  quantity: number,
  options: array(object<KitchenLine["options"][number]>({ name: string, quantity: number, code: optional(string) })),
  note: optionalNullableString,
  code: optional(string),
  stations: optional(array(int)),
  fireIn: optional(intAtLeast(0)),
});
type StationProgress = NonNullable<BoardOrder["stationProgress"]>[number];
type StationRef = NonNullable<BoardStore["stations"]>[number];

const requestShape = <By extends string>(by: Shape<By>) =>
  object<{ by: By; reason: string | null; code: string | null }>({
    by,
    reason: nullable(stringAtMost(280)),
    code: nullable(stringAtMost(80)),
  });

export const boardOrderShape = object<BoardOrder>({
  id: string,
  storeId: string,
  channelId: string,
  displayId: string,
  type: string,
  customerName: nullable(string),
  itemCount: number,
  total: nullable(object<NonNullable<BoardOrder["total"]>>({ value: number, currency: string })),
  placedAt: string,
  column: oneOf(BOARD_COLUMNS),
  actions: array(oneOf(ORDER_ACTIONS)),
  detailsUnreadable: boolean,
  confirmBy: nullable(string),
  scheduledFor: nullable(string),
  preparationStartAt: optionalNullableString,
  preparationRequested: optional(boolean),
  finishedAt: optionalNullableString,
  cancelledWhileCooking: optional(boolean),
  place: optionalNullableString,
  pickupCode: optional(string),
  lines: optional(array(kitchenLineShape)),
  flags: optional(array(oneOf(ORDER_FLAGS))),
  truncated: optional(boolean),
  notes: optionalNullableString,
  moreNotes: optionalNullableString,
  allergy: optional(boolean),
  recalled: optional(object<NonNullable<BoardOrder["recalled"]>>({ platformColumn: oneOf(BOARD_COLUMNS), at: string })),
  statusUnconfirmed: optional(boolean),
  courier: optional(
    object<NonNullable<BoardOrder["courier"]>>({ fact: oneOf(COURIER_FACTS), name: nullable(string), at: string }),
  ),
  stageSince: optionalNullableString,
  dueAt: optionalNullableString,
  preparationMinutes: optional(nullable(number)),
  stationProgress: optional(
    array(object<StationProgress>({ id: int, name: string, lines: intAtLeast(0), done: intAtLeast(0) })),
  ),
  doneLines: optional(array(intAtLeast(0))),
  autoAccepted: optional(boolean),
  cancellationRequested: boolean,
  cancellationRequest: optional(requestShape(oneOf(["customer", "platform"]))),
  cancelledBecause: optional(
    object<NonNullable<BoardOrder["cancelledBecause"]>>({
      by: oneOf(["customer", "store", "platform"]),
      reason: nullable(stringAtMost(280)),
      code: nullable(stringAtMost(80)),
      unconfirmed: optional(boolean),
    }),
  ),
  cancellationPending: boolean,
  seq: number,
});

/** POST /api/orders/{id}/actions/{action} (orderActionAnswerSchema); PUT …/lines/{line} answers a card. */
export const orderActionAnswerShape = object<OrderActionAnswer>({ order: boardOrderShape, actor: nullable(string) });

/** POST /api/orders/{id}/stations/{station}/bump (stations.ts stationBumpAnswerSchema). */
export const stationBumpAnswerShape = object<StationBumpAnswer>({
  order: boardOrderShape,
  actor: nullable(string),
  bumpedAt: string,
});

export const boardSnapshotShape = object<BoardSnapshot>({
  orders: array(boardOrderShape),
  overflow: optional(array(object<BoardOverflow>({ storeId: string, omitted: intAtLeast(0) }))),
  stores: optional(
    array(
      object<BoardStore>({
        id: string,
        name: string,
        preparationMinutes: int,
        reportPreparing: boolean,
        timeZone: optional(string),
        stations: optional(array(object<StationRef>({ id: int, name: string }))),
        expoSkipTypes: optional(array(string)),
        channels: optional(
          array(
            object<NonNullable<BoardStore["channels"]>[number]>({
              id: string,
              label: string,
              color: string,
              platform: nullable(string),
            }),
          ),
        ),
      }),
    ),
  ),
  lastSeq: number,
});

export const statusMessageShape = object<StatusMessage>({
  stores: array(
    object<StoreStatus>({
      id: string,
      name: string,
      intervalSeconds: number,
      lastContactAgeSeconds: nullable(number),
      consecutiveFailures: number,
      down: boolean,
    }),
  ),
  channels: optional(
    array(
      object<ChannelStatus>({
        id: string,
        storeId: string,
        label: string,
        color: string,
        platform: nullable(string),
        down: boolean,
        notOffered: optional(array(oneOf(ORDER_ACTIONS))),
      }),
    ),
  ),
  everySeconds: refine(number, (value) => value > 0),
  database: oneOf(["up", "down"]),
  printers: optional(
    array(
      object<PrinterAlarmStatus>({
        storeId: string,
        printer: string,
        waiting: refine(number, (value) => Number.isInteger(value) && value > 0),
      }),
    ),
  ),
});

const clockTime = refine(string, (value) => /^\d{2}:\d{2}$/.test(value));
type AutoAccept = NonNullable<MerchantState["autoAccept"]>;
type SoldOut = MerchantState["soldOut"][number];
type MenuEntry = MerchantState["menu"][number];
type StockEntry = NonNullable<MerchantState["stock"]>[number];
type PlatformRead = NonNullable<MerchantState["platformRead"]>;
type ChannelPause = NonNullable<MerchantState["channels"]>[number];

const pacingReasonShape = object<PacingReason>({ load: number, capacity: number, hardLimit: number });

export const merchantStateShape = object<MerchantState>({
  storeId: string,
  paused: boolean,
  pausedUntil: nullable(string),
  pauseReason: nullable(string),
  pausedBy: nullable(string),
  busyMinutes: number,
  busyBy: optionalNullableString,
  pacing: optional(nullable(pacingReasonShape)),
  unconfirmed: number,
  waitingChannels: optional(array(object<{ id: string; label: string }>({ id: string, label: string }))),
  channels: optional(
    array(
      object<ChannelPause>({
        id: string,
        label: string,
        paused: boolean,
        pausedUntil: nullable(string),
        pauseReason: nullable(string),
      }),
    ),
  ),
  lastSyncError: nullable(string),
  soldOut: array(
    object<SoldOut>({
      kind: oneOf(SOLD_OUT_KINDS),
      refId: intAtLeast(1),
      name: string,
      until: nullable(string),
      markedBy: nullable(string),
    }),
  ),
  stock: optional(
    array(
      object<StockEntry>({
        refId: number,
        name: string,
        quantity: number,
        left: number,
        version: number,
        setBy: nullable(string),
      }),
    ),
  ),
  menu: array(
    object<MenuEntry>({
      kind: oneOf(SOLD_OUT_KINDS),
      refId: number,
      name: string,
      group: string,
      unavailable: optional(boolean),
    }),
  ),
  menuImportedAt: nullable(string),
  autoAccept: nullable(
    object<AutoAccept>({
      enabled: boolean,
      types: refine(array(oneOf(["DELIVERY", "TAKEOUT", "INDOOR"])), (types) => types.length <= 3),
      hours: nullable(object<NonNullable<AutoAccept["hours"]>>({ start: clockTime, end: clockTime })),
      cap: intBetween(1, 100),
      preparationMinutes: intBetween(1, 240),
    }),
  ),
  hasApiKey: boolean,
  onboardedAt: nullable(string),
  controlChanges: optional(
    array(
      object<ControlChange>({
        at: string,
        actor: string,
        change: oneOf(["pause", "resume", "busy"] as const),
        minutes: nullable(number),
        pacing: nullable(pacingReasonShape),
        channel: optionalNullableString,
      }),
    ),
  ),
  platformRead: optional(
    nullable(object<PlatformRead>({ lastRead: string, status: string, moreInfo: optional(string) })),
  ),
});

/** GET and POST /api/merchant/{storeId} (merchant-state.ts's merchantActionAnswerSchema). */
export const merchantActionAnswerShape = object<{ state: MerchantState; apiKey?: string }>({
  state: merchantStateShape,
  apiKey: optional(string),
});

/** POST /api/orders/{id}/auto-print (autoPrintClaimSchema). */
export const autoPrintClaimShape = object<{ print: boolean }>({ print: boolean });
