import "server-only";
import type { Database } from "@/lib/db";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { adminClientFor, adminUnavailableReason } from "@/lib/stores/admin-client";
import type { ChannelConfig } from "@/lib/stores/config";
import type { DateRange } from "./filters";
import type { HistoryFilters } from "@/lib/contract/history";
import type { ListedOrder } from "./merge";
import { platformStatusesFor } from "./statuses";
import type { HistoryWarning } from "./types";

/** The platform's list is a complement, never a wait: bounded in pages, per request and in all. */
export const PLATFORM_LIMITS = { pageSize: 100, maxPages: 5, requestTimeoutMs: 5_000, budgetMs: 8_000 };

export interface PlatformListing {
  /** Every order the platform listed, by order id. */
  orders: Map<string, ListedOrder>;
  warnings: HistoryWarning[];
}

/**
 * The admin API's orders of these channels in the range (and status, when filtered), each channel
 * in parallel, under the ids Comanda gives them (the connection's order id prefix, as ingest does),
 * so an order Comanda has is known as such. A channel whose list fails or is not configured gives
 * a warning, not an error: the manager still sees Comanda's own history.
 */
export async function listPlatformOrders(
  db: Database,
  configs: readonly ChannelConfig[],
  filters: Pick<HistoryFilters, "status">,
  range: DateRange,
  limits = PLATFORM_LIMITS,
): Promise<PlatformListing> {
  const listing: PlatformListing = { orders: new Map(), warnings: [] };
  const deadline = Date.now() + limits.budgetMs;
  const timeoutMs = Math.min(env.PLATFORM_TIMEOUT_MS, limits.requestTimeoutMs);
  await Promise.all(
    configs.map(async (config) => {
      const storeId = config.restaurantId ?? config.id;
      // A restaurant of several channels: the warning says which.
      const where = config.label ? `${config.name} · ${config.label}` : config.name;
      const warn = (kind: HistoryWarning["kind"], message: string) =>
        listing.warnings.push({ storeId, storeName: where, kind, message });
      const prefix = config.orderIdPrefix ?? "";
      const client = adminClientFor(db, config);
      if (!client) {
        warn("notConfigured", `The platform's order list is not read for ${where}: ${adminUnavailableReason(config)}.`);
        return;
      }
      try {
        for (let page = 0; ; page++) {
          const remaining = deadline - Date.now();
          if (page >= limits.maxPages || remaining <= 0) {
            warn(
              "truncated",
              `The platform's list of ${where} was cut after ${page * limits.pageSize} orders; narrow the dates to see the rest.`,
            );
            return;
          }
          const result = await client.listOrders(
            {
              statuses: filters.status ? platformStatusesFor(filters.status) : undefined,
              createdFrom: range.from,
              createdTo: range.to,
              offset: page * limits.pageSize,
              limit: limits.pageSize,
            },
            Math.min(timeoutMs, remaining),
          );
          for (const order of result.orders) {
            const id = `${prefix}${order.id}`;
            listing.orders.set(id, { storeId, storeName: config.name, channelId: config.id, order: { ...order, id } });
          }
          const seen = (page + 1) * limits.pageSize;
          if (
            result.orders.length + result.unreadable < limits.pageSize ||
            (result.totalItems !== null && seen >= result.totalItems)
          )
            return;
        }
      } catch (error) {
        log.warn({ err: error, storeId: config.id }, "admin order list failed");
        const reason = error instanceof Error ? error.message : String(error);
        warn(
          "failed",
          `The platform's order list of ${where} could not be read (${reason}); showing Comanda's records only.`,
        );
      }
    }),
  );
  return listing;
}
