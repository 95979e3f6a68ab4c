import "server-only";
import { canSeeStore, type Viewer } from "@/lib/auth/sessions";
import type { ConnectionMerchant } from "@/lib/contract/integration-settings";
import type { Database } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { listAuthorisedMerchants, MerchantsListError } from "@/lib/platform/v2/merchants";
import { channelsOfConnection, loadConnectionConfig } from "@/lib/stores/connections";
import { readDiscoveries } from "@/lib/sync/discovery";

/** Someone is waiting at the form: no longer than the connection check waits. */
const LIST_TIMEOUT_CEILING_MS = 8_000;

/**
 * The merchants that authorised a 2.0 connection's credential (adding a channel offers them to
 * pick), each marked when it is already a channel of this connection. Admins, and managers of a
 * restaurant with a channel on the connection, may list; a 1.x connection has no list (409 with
 * reason merchantsNotV2: the page keeps the typed id); a platform failure is 502 with reason
 * merchantsUnreachable, merchantsUnauthorized or merchantsInvalid (the page says it in words).
 */
export async function connectionMerchants(
  db: Database,
  viewer: Viewer,
  connectionId: string,
  /** The platform's page size (tests walk small pages; the document's largest by default). */
  pageSize?: number,
): Promise<ConnectionMerchant[]> {
  const [config, onConnection] = await Promise.all([
    loadConnectionConfig(db, connectionId),
    channelsOfConnection(db, connectionId),
  ]);
  if (!config) throw new AppError("not_found", "There is no such platform connection.");
  if (viewer.storeIds !== "all" && !onConnection.some((channel) => canSeeStore(viewer, channel.restaurantId)))
    throw new AppError("forbidden", "This belongs to a store your account does not have access to.");
  const dialect = (await readDiscoveries(db, [connectionId])).get(connectionId)?.dialect;
  if (dialect !== "2.0")
    throw new AppError(
      "action_not_allowed",
      "This connection speaks Open Delivery 1.x, which has no list of merchants: type the merchant's id.",
      undefined,
      { reason: "merchantsNotV2" },
    );
  const listed = await listAuthorisedMerchants({
    baseUrl: config.baseUrl,
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    timeoutMs: Math.min(env.PLATFORM_TIMEOUT_MS, LIST_TIMEOUT_CEILING_MS),
    pageSize,
  }).catch((error: unknown) => {
    if (!(error instanceof MerchantsListError)) throw error;
    const reason = {
      unreachable: "merchantsUnreachable",
      unauthorized: "merchantsUnauthorized",
      invalid: "merchantsInvalid",
    }[error.problem];
    throw new AppError("platform_unavailable", error.message, undefined, { reason });
  });
  const added = new Set(onConnection.map((channel) => channel.merchantId ?? channel.id));
  return listed.map(({ id, name, status }) => ({ id, name, status, added: added.has(id) }));
}
