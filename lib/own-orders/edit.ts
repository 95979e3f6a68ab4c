import "server-only";
import { and, eq } from "drizzle-orm";
import type { Database, DatabaseTransaction } from "@/lib/db";
import { lockStoresForBoard, writeBoard } from "@/lib/db/board-writes";
import { reprojectOrder } from "@/lib/db/order-writes";
import { orderActions, orders } from "@/lib/db/schema";
import type { BoardOrder } from "@/lib/contract/board";
import type { OwnOrderEdit, OwnOrderEditable, OwnOrderInput } from "@/lib/contract/own-order";
import { AppError } from "@/lib/errors";
import { parseOrderDetails } from "@/lib/platform/interchange/order-summary";
import { isOwnChannelId } from "./channel-id";
import { orderTiming, priceOwnOrder } from "./create";
import { recordOrderCustomer } from "./customers";
import { ownOrderDocument } from "./document";
import type { EditPart } from "./edit-parts";
import { changedParts, editableOf, totalCentsOf } from "./editable";
import { ownOrderConflict } from "./errors";
import { reaisOf } from "./money";

// Editing an own order before the kitchen starts it (issue 30 point 2): the order as the form
// sends it replaces items, customer, fulfilment, payment, schedule and note; priced again by the
// same code as taking it (./create.ts priceOwnOrder), written as a new document of the same order
// (its id, number, channel and placing time kept) in one board write, so every board sees it. The
// audit gets an "edit" action: who, and which parts changed with the total before and after.
// Only while the order is New: once confirmed its tickets are printed and the kitchen may have
// started (a scheduled one too), and a platform's order is the platform's to change.

interface OrderRow {
  board: BoardOrder;
  channelId: string;
  details: unknown;
  createdAt: Date;
}

async function orderRow(tx: Database | DatabaseTransaction, storeId: string, orderId: string): Promise<OrderRow> {
  const [row] = await tx
    .select({ board: orders.board, channelId: orders.channelId, details: orders.details, createdAt: orders.createdAt })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId)));
  if (!row) throw new AppError("not_found", "This order is not known to Comanda.");
  return row;
}

function assertEditable(row: OrderRow): void {
  if (!isOwnChannelId(row.channelId))
    throw ownOrderConflict("platformOrder", "A platform's order is changed on the platform, not in Comanda.");
  if (row.board.column !== "new")
    throw ownOrderConflict("notEditable", `Order ${row.board.displayId} is already in preparation or later.`);
}

/** GET /api/orders/[orderId]/edit: the order as the form fills it (refused as saving it would be). */
export async function readEditableOrder(db: Database, storeId: string, orderId: string): Promise<OwnOrderEditable> {
  const row = await orderRow(db, storeId, orderId);
  assertEditable(row);
  return { ...editableOf(row), displayId: row.board.displayId };
}

export interface EditedOwnOrder {
  order: BoardOrder;
  /** What the edit changed; none when the order was sent back as it was (nothing recorded). */
  changed: EditPart[];
}

export async function editOwnOrder(
  db: Database,
  {
    storeId,
    orderId,
    edit,
    actor,
    now,
  }: { storeId: string; orderId: string; edit: OwnOrderEdit; actor: string; now: Date },
): Promise<EditedOwnOrder> {
  const before = await orderRow(db, storeId, orderId);
  assertEditable(before);
  const { source } = editableOf(before);
  const input: OwnOrderInput = { ...edit, storeId, source, confirmNow: false };
  const { settings, lines, totals, key } = await priceOwnOrder(db, input, now, { draft: false });
  const placedAt = placedAtOf(before);
  const timing = orderTiming(input.scheduledFor, placedAt, now, settings);
  let changed: EditPart[] = [];
  const card = await writeBoard(db, async (tx) => {
    await lockStoresForBoard(tx, [storeId]);
    // Under the restaurant's write order: confirmed meanwhile on another tablet is refused here.
    const row = await orderRow(tx, storeId, orderId);
    assertEditable(row);
    const customer = await recordOrderCustomer(tx, storeId, key, input, now);
    const document = ownOrderDocument(input, lines, totals, {
      orderId,
      displayId: row.board.displayId,
      channelId: row.channelId,
      channelLabel: channelLabelOf(row),
      restaurantName: settings.name,
      createdAt: placedAt,
      ...timing,
      customer: customer && { id: customer.id, name: customer.name, phoneKey: customer.phoneKey },
    });
    changed = changedParts(editableOf(row).order, editableOf({ ...row, details: document }).order);
    // The same order sent again (a retried save): nothing to write or record.
    if (changed.length === 0) return row.board;
    const parsed = parseOrderDetails(document);
    if (!parsed.ok) throw new Error(`An own order's document does not follow the standard: ${parsed.error}`);
    await tx.insert(orderActions).values({
      orderId,
      storeId,
      action: "edit",
      outcome: "succeeded",
      actor,
      requestBody: {
        changed,
        totalBefore: reaisOf(totalCentsOf(row.details)),
        totalAfter: reaisOf(totals.totalCents),
      },
      requestedAt: now,
      completedAt: now,
    });
    return reprojectOrder(tx, {
      id: orderId,
      storeId,
      channelId: row.channelId,
      details: document,
      summary: parsed.summary,
      detailsError: null,
    });
  });
  return { order: card, changed };
}

/** When the order was placed (the document's own time; an edit never moves it). */
function placedAtOf(row: OrderRow): Date {
  const at = Date.parse(String((row.details as { createdAt?: unknown } | null)?.createdAt ?? ""));
  return Number.isNaN(at) ? row.createdAt : new Date(at);
}

/** The channel's label as the order carries it (Balcão, Telefone…): the channel may be renamed since. */
function channelLabelOf(row: OrderRow): string {
  const label = (row.details as { salesChannel?: unknown } | null)?.salesChannel;
  return typeof label === "string" ? label : "";
}
