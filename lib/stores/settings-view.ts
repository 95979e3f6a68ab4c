import "server-only";
import { eq } from "drizzle-orm";
import { canSeeStore, type Viewer } from "@/lib/auth/sessions";
import type { IntegrationView } from "@/lib/contract/integration-settings";
import type { Database } from "@/lib/db";
import { channels, stores } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { clearSettingsOf, selectChannelRows, type ChannelRow } from "./config";

function viewOf(row: ChannelRow): IntegrationView {
  return {
    ...clearSettingsOf(row),
    source: row.source,
    enabled: row.enabled,
    clientSecretSet: row.clientSecretEncrypted !== "",
    admin:
      row.adminClientId || row.adminUsername
        ? {
            clientId: row.adminClientId ?? "",
            username: row.adminUsername ?? "",
            clientSecretSet: !!row.adminClientSecretEncrypted,
            passwordSet: !!row.adminPasswordEncrypted,
          }
        : null,
    connection: { id: row.connectionId ?? "", name: row.connectionName, stores: row.connectionStores },
    storeApi: row.storeApiClientId
      ? { clientId: row.storeApiClientId, clientSecretSet: !!row.storeApiClientSecretEncrypted }
      : null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getIntegrationView(db: Database, channelId: string): Promise<IntegrationView> {
  const [row] = await selectChannelRows(db, eq(channels.id, channelId));
  if (!row) throw new AppError("not_found", "There is no such store.");
  return viewOf(row);
}

/** Every store's settings the viewer may see, by name. */
export async function listIntegrationViews(db: Database, viewer: Pick<Viewer, "storeIds">): Promise<IntegrationView[]> {
  const rows = await selectChannelRows(db);
  return rows.filter((row) => canSeeStore(viewer, row.restaurantId)).map(viewOf);
}

/** Whether a channel with this merchant id exists (enabled or not). */
export async function channelExists(db: Database, channelId: string): Promise<boolean> {
  const [existing] = await db.select({ id: channels.id }).from(channels).where(eq(channels.id, channelId));
  return existing !== undefined;
}

/** Whether a restaurant with this id exists (enabled or not). */
export async function storeExists(db: Database, storeId: string): Promise<boolean> {
  const [existing] = await db.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId));
  return existing !== undefined;
}
