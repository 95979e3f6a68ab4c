import "server-only";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { processSingleton } from "@/lib/process/singleton";
import type { ChannelConfig } from "@/lib/stores/config";
import { describePlatformFailure, PlatformError, platformProblem } from "@/lib/platform/errors";
import { storeApiClient, storeConfig } from "./store-view";
import { planTestOrder, TestOrderImpossible } from "@/lib/platform/store-api/test-order";
import type { TestOrderResult } from "@/lib/contract/manager";

/** How long a click's answer is kept, so a resent request gets it instead of a second order. */
const REMEMBER_MS = 10 * 60_000;

interface Remembered {
  result: Promise<TestOrderResult>;
  at: number;
}

const rememberedTestOrders = () => processSingleton("testOrders", () => new Map<string, Remembered>());

/** The test order route's one call: the store's configuration, then one order per request id. */
export async function placeTestOrder(storeId: string, requestId: string): Promise<TestOrderResult> {
  return sendTestOrder(await storeConfig(storeId), requestId);
}

/**
 * Places one test order per click: the browser sends a new request id with each click, and the
 * same id (a double submit, a retry after a dropped connection) joins or replays the first call.
 */
export function sendTestOrder(config: ChannelConfig, requestId: string, now = new Date()): Promise<TestOrderResult> {
  const remembered = rememberedTestOrders();
  for (const [key, entry] of remembered) if (entry.at < Date.now() - REMEMBER_MS) remembered.delete(key);
  const key = `${config.id}:${requestId}`;
  const existing = remembered.get(key);
  if (existing) return existing.result;
  const result = place(config, now);
  remembered.set(key, { result, at: Date.now() });
  // A failed attempt may be tried again with the same id (nothing was created).
  result.catch(() => remembered.delete(key));
  return result;
}

async function place(config: ChannelConfig, now: Date): Promise<TestOrderResult> {
  const client = storeApiClient(config);
  if (!client)
    throw new AppError(
      "store_not_connected",
      "This store has no store API credentials: set them under Integrations first.",
    );
  try {
    const [store, menu, forms] = await Promise.all([client.store(), client.menu(), client.paymentForms()]);
    const plan = planTestOrder(store, menu, forms, now);
    const created = await client.createOrder(plan.body);
    log.info({ storeId: config.id, orderId: created.id, displayId: created.displayId }, "test order placed");
    return {
      orderId: String(created.id),
      displayId: created.displayId ?? null,
      interchangeOrderId: created.interchangeOrderId ?? null,
      status: created.status,
      scheduledFor: created.scheduling ?? plan.scheduledFor?.toISOString() ?? null,
      total: created.values?.total
        ? { value: created.values.total.value, currency: created.values.total.currency ?? plan.total.currency }
        : plan.total,
      summary: `${plan.amount} × ${plan.itemName}`,
    };
  } catch (error) {
    if (error instanceof TestOrderImpossible)
      throw new AppError("action_not_allowed", error.message, undefined, { reason: error.reason });
    if (error instanceof PlatformError) {
      const problem = platformProblem(error);
      log.warn({ storeId: config.id, status: error.status, problem }, "test order refused");
      // A 4xx is the platform's verdict on this order (its words); no answer or a 5xx is an outage.
      if (error.status !== undefined && error.status < 500) {
        throw new AppError(
          "action_not_allowed",
          `The platform refused the test order: ${describePlatformFailure(error)}`,
          undefined,
          {
            reason: "refused",
            detail: describePlatformFailure(error),
          },
        );
      }
      throw new AppError(
        "platform_unavailable",
        `The platform did not take the test order: ${describePlatformFailure(error)}`,
        undefined,
        {
          reason: "unavailable",
          detail: describePlatformFailure(error),
        },
      );
    }
    throw error;
  }
}
