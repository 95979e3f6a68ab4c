import "server-only";
import { getDb } from "@/lib/db";
import { orderActions } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { PlatformError } from "@/lib/open-delivery/http";
import { findOrder, reprojectOrder, writeBoard } from "@/lib/orders/repository";
import type { BoardOrder } from "@/lib/orders/types";
import { getBus } from "@/lib/realtime/bus";
import { getStoreConnection } from "./registry";

export interface ConfirmRequest {
  orderId: string;
  /** Minutes the kitchen expects to need. */
  preparationTime?: number;
  /** Who asked (a staff member's name once sign-in exists). */
  actor?: string | null;
}

// A second tap while the first call is still in flight joins it instead of calling twice.
const holder = globalThis as typeof globalThis & { __comandaInflight?: Map<string, Promise<BoardOrder>> };
const inflight = (holder.__comandaInflight ??= new Map());

export function confirmOrder(request: ConfirmRequest): Promise<BoardOrder> {
  const key = `${request.orderId}:confirm`;
  const existing = inflight.get(key);
  if (existing) return existing;
  const call = runConfirm(request).finally(() => inflight.delete(key));
  inflight.set(key, call);
  return call;
}

async function runConfirm({ orderId, preparationTime, actor = null }: ConfirmRequest): Promise<BoardOrder> {
  const db = await getDb();
  const order = await findOrder(db, orderId);
  if (!order) throw new AppError("not_found", "This order is not on the board.");
  if (!order.board.actions.includes("confirm")) {
    throw new AppError("action_not_allowed", `Order ${order.board.displayId} cannot be confirmed any more: it is no longer new.`);
  }
  const connection = getStoreConnection(order.storeId);
  if (!connection) {
    throw new AppError("store_not_connected", "Comanda is still connecting to this store's platform. Try again in a few seconds.");
  }

  const requestBody = {
    createdAt: new Date().toISOString(),
    orderExternalCode: order.board.displayId,
    ...(preparationTime === undefined ? {} : { preparationTime }),
  };
  const requestedAt = new Date();
  const record = (outcome: string, responseStatus: number | null, responseBody: unknown) => ({
    orderId,
    storeId: order.storeId,
    action: "confirm",
    outcome,
    actor,
    requestBody,
    responseStatus,
    responseBody: responseBody ?? null,
    requestedAt,
  });

  try {
    const response = await connection.client.confirm(orderId, requestBody);
    const bus = getBus();
    return await writeBoard(
      db,
      async (tx) => {
        await tx.insert(orderActions).values(record("succeeded", response.status, null));
        return reprojectOrder(tx, order);
      },
      (change) => bus.publish(change),
    );
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    await db.insert(orderActions).values(record(error.status === 422 ? "rejected" : "failed", error.status ?? null, error.body));
    if (error.status === 422) {
      throw new AppError("already_done", `The platform says order ${order.board.displayId} was already confirmed or can no longer be confirmed.`, error.body);
    }
    throw new AppError(
      "platform_unavailable",
      `The platform did not accept the confirmation of order ${order.board.displayId}. Nothing was changed; try again.`,
      error.message,
    );
  }
}
