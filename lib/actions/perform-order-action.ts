import "server-only";
import { getDb, type Database } from "@/lib/db";
import { orderActions } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { metrics } from "@/lib/metrics";
import { platformCallFor } from "@/lib/platform/interchange/action-bodies";
import { PlatformError } from "@/lib/platform/errors";
import type { PlatformResponse } from "@/lib/platform/transport";
import type { ActionRequest } from "@/lib/contract/action-request";
import { writeBoard } from "@/lib/db/board-writes";
import { findOrder } from "@/lib/db/order-reads";
import { reprojectOrder } from "@/lib/db/order-writes";
import type { BoardOrder } from "@/lib/contract/board";
import { recallCovers } from "@/lib/orders/lifecycle";
import { claimAction, outcomeOfClaimed, releaseAction, type ActionKey } from "./action-claims";
import { notOfferedBy, rememberedDiscovery } from "@/lib/sync/discovery";
import { getChannelConnection, type ChannelConnection } from "@/lib/sync/registry";
import { processSingleton } from "@/lib/process/singleton";
import { enqueuePrintJobs } from "@/lib/printers/jobs";
import { isOwnChannel } from "@/lib/own-orders/channels";
import { performOwnAction } from "@/lib/own-orders/actions";
import { notAllowed } from "./not-allowed";
import { wakePrintWorker } from "@/lib/printers/worker";

export interface OrderActionInput {
  /** The store the order belongs to: an action only ever finds that store's order. */
  storeId: string;
  orderId: string;
  request: ActionRequest;
  /** Who asked (the staff member's name once sign-in exists). */
  actor?: string | null;
}

export interface OrderActionDeps {
  db: Database;
  /** The connection of the order's channel: an action goes to the platform the order came from. */
  connectionFor(channelId: string): ChannelConnection | undefined;
  /** Timeout of one platform request; retries stay within RETRY_BUDGET_MS in all. */
  timeoutMs: number;
}

/** Transient platform failures are retried this long in all, then the kitchen is told. */
const RETRY_BUDGET_MS = 10_000;
const RETRY_DELAYS_MS = [500, 1_000, 2_000];

export type PerformOrderAction = (input: OrderActionInput) => Promise<BoardOrder>;

/**
 * Performs order actions on the platform (or, on an own channel's order, on Comanda's record
 * alone: lib/own-orders/actions.ts): checks the lifecycle allows the action, calls the
 * platform (retrying transient failures), records who did what and what the platform answered,
 * and returns the order's new card. A second identical request while the first is in flight
 * (a second tap) joins it instead of calling the platform twice.
 */
export function createOrderActions(deps: OrderActionDeps): PerformOrderAction {
  const inflight = new Map<string, Promise<BoardOrder>>();
  return (input) => {
    const key = `${input.storeId}:${input.orderId}:${input.request.action}`;
    const existing = inflight.get(key);
    if (existing) return existing;
    const call = runAction(deps, input).finally(() => inflight.delete(key));
    inflight.set(key, call);
    return call;
  };
}

// The application's instance, shared by every route module of the process.
export function getOrderActions(): Promise<PerformOrderAction> {
  return processSingleton("orderActions", () =>
    getDb().then((db) =>
      createOrderActions({ db, connectionFor: getChannelConnection, timeoutMs: env.PLATFORM_TIMEOUT_MS }),
    ),
  );
}

async function runAction(deps: OrderActionDeps, input: OrderActionInput): Promise<BoardOrder> {
  const stopTimer = metrics().actionDuration.startTimer({ action: input.request.action });
  try {
    const card = await attemptAction(deps, input);
    stopTimer({ outcome: "succeeded" });
    return card;
  } catch (error) {
    stopTimer({ outcome: error instanceof AppError ? error.code : "error" });
    throw error;
  }
}

async function attemptAction(
  deps: OrderActionDeps,
  { storeId, orderId, request, actor = null }: OrderActionInput,
): Promise<BoardOrder> {
  const { db } = deps;
  const order = await findOrder(db, storeId, orderId);
  if (!order) throw new AppError("not_found", "This order is not on the board.");
  const { displayId } = order.board;
  if (!order.board.actions.includes(request.action)) throw notAllowed(request.action, order.board);
  // The restaurant's own order (issue 30): Comanda's record is the only one; no platform to call.
  if (await isOwnChannel(db, order.channelId)) return performOwnAction(db, { storeId, orderId, request, actor });
  const connection = deps.connectionFor(order.channelId);
  if (!connection) {
    throw new AppError(
      "store_not_connected",
      "Comanda is still connecting to this store's platform. Try again in a few seconds.",
    );
  }
  // The platform's manifest does not declare this operation (or its manifest left the connection
  // inactive): never called, as the board's disabled button says.
  if (notOfferedBy(rememberedDiscovery(connection.connectionId)).includes(request.action))
    throw new AppError(
      "action_not_allowed",
      `${connection.config.connectionName} does not offer this action through Comanda (its discovery manifest does not declare it).`,
    );

  const requestedAt = new Date();
  const key: ActionKey = { storeId: order.storeId, orderId, action: request.action };
  // Longer than any attempt can last: a claim older than this belonged to an instance that died.
  const claimStaleMs = RETRY_BUDGET_MS + deps.timeoutMs + 5_000;
  if (!(await claimAction(db, key, requestedAt, claimStaleMs))) {
    // Another instance is sending this very action: its outcome is ours.
    const outcome = await outcomeOfClaimed(db, key, { maxMs: claimStaleMs });
    const current = await findOrder(db, storeId, orderId);
    if (outcome === "succeeded" && current) return current.board;
    if (outcome === "rejected") throw alreadyDone(displayId, null, current?.board);
    throw notAccepted(request.action, displayId, `joined another instance's attempt: ${outcome ?? "no outcome"}`);
  }
  try {
    // The claim was free, yet an instance that held it until a moment ago may have done this very
    // action after our first read (its success let the claim go): read the card again under the claim.
    const claimed = await findOrder(db, storeId, orderId);
    if (!claimed?.board.actions.includes(request.action))
      throw notAllowed(request.action, claimed?.board ?? order.board);
    return await callPlatform(deps, { displayId, request, actor, key, requestedAt, connection, card: claimed.board });
  } finally {
    // A success lets go in its own transaction; this covers failures and throws.
    await releaseAction(db, key, requestedAt).catch(() => undefined);
  }
}

async function callPlatform(
  deps: OrderActionDeps,
  {
    displayId,
    request,
    actor,
    key,
    requestedAt,
    connection,
    card,
  }: {
    /** The card as the claim found it (a recalled card's 422 is the step done). */
    card: BoardOrder;
    displayId: string;
    request: ActionRequest;
    actor: string | null;
    key: ActionKey;
    requestedAt: Date;
    connection: ChannelConnection;
  },
): Promise<BoardOrder> {
  const { db } = deps;
  const { orderId, storeId } = key;
  const call = platformCallFor(request, { externalCode: displayId, now: requestedAt });
  const record = (outcome: string, responseStatus: number | null, responseBody: unknown) => ({
    orderId,
    storeId,
    action: request.action,
    outcome,
    actor,
    requestBody: call.body ?? null,
    responseStatus,
    responseBody: responseBody ?? null,
    requestedAt,
  });

  if (request.action === "dispatch" && card.pickupCode) {
    // The order carries the platform's pickup code: its courier collects with a code (1.7 has no
    // other signal in the order), so the bag leaves only once the platform says the typed code is right.
    if (!request.pickupCode)
      throw new AppError("pickup_code_required", `Type the courier's code for order ${displayId}.`);
    const right = await connection.client
      .validateCode(orderId, request.pickupCode, deps.timeoutMs)
      .catch((error: unknown) => {
        if (error instanceof PlatformError) throw notAccepted("validateCode", displayId, error.message);
        throw error;
      });
    if (!right) {
      await db.insert(orderActions).values(record("rejected", 400, { validateCode: "wrong code" }));
      throw new AppError(
        "wrong_pickup_code",
        `The courier's code is not order ${displayId}'s code. Nothing was dispatched.`,
      );
    }
  }

  try {
    const response = await withRetries(deps.timeoutMs, (timeoutMs) =>
      connection.client.orderAction(orderId, call.operation, call.body, timeoutMs),
    );
    let queued = 0;
    const card = await writeBoard(db, async (tx) => {
      await tx.insert(orderActions).values(record("succeeded", response.status, null));
      await releaseAction(tx, key, requestedAt);
      // The kitchen printers' tickets are written with the confirm (durable), sent by the print
      // worker after it: the confirm never waits for a printer.
      if (request.action === "confirm") queued = await enqueuePrintJobs(tx, { storeId, orderId }, new Date());
      return reprojectOrder(tx, { id: orderId, storeId });
    });
    if (queued > 0) wakePrintWorker();
    return card;
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    if (error.status === 422 && recallCovers(card, request.action)) {
      // The kitchen recalled this step on the board and bumps it again: the platform, which never
      // undid it, answers "already done", and that is the step done (docs/kitchen.md).
      return writeBoard(db, async (tx) => {
        await tx.insert(orderActions).values(record("succeeded", error.status ?? null, error.body));
        await releaseAction(tx, key, requestedAt);
        return reprojectOrder(tx, { id: orderId, storeId });
      });
    }
    await db
      .insert(orderActions)
      .values(record(error.status === 422 ? "rejected" : "failed", error.status ?? null, error.body));
    if (error.status === 422) {
      // The platform already has it (or no longer allows it): re-read the order and say so plainly.
      await connection.poller.refresh();
      const current = await findOrder(db, storeId, orderId);
      throw alreadyDone(displayId, error.body, current?.board);
    }
    throw notAccepted(request.action, displayId, error.message);
  }
}

function alreadyDone(displayId: string, details: unknown, current: BoardOrder | undefined): AppError {
  return new AppError(
    "already_done",
    `The platform says order ${displayId} already had this done, or no longer allows it.`,
    details,
    { order: current },
  );
}

function notAccepted(action: string, displayId: string, details: unknown): AppError {
  return new AppError(
    "platform_unavailable",
    `The platform did not accept “${action}” for order ${displayId}. Nothing was changed; try again.`,
    details,
  );
}

/** Calls `attempt` until it succeeds, fails for good, or the budget is spent. */
async function withRetries(
  timeoutMs: number,
  attempt: (timeoutMs: number) => Promise<PlatformResponse>,
): Promise<PlatformResponse> {
  const deadline = Date.now() + RETRY_BUDGET_MS;
  for (let retry = 0; ; retry += 1) {
    try {
      return await attempt(Math.max(100, Math.min(timeoutMs, deadline - Date.now())));
    } catch (error) {
      const delay = RETRY_DELAYS_MS[retry];
      const transient = error instanceof PlatformError && error.transient;
      if (!transient || delay === undefined || Date.now() + delay >= deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
