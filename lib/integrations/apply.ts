import "server-only";
import type { Viewer } from "@/lib/auth/sessions";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { createStore, saveIntegration, savedSettings, withSavedSecrets } from "@/lib/stores/settings";
import type { IntegrationInput, IntegrationView, NewStoreInput } from "@/lib/contract/integration-settings";
import { getIntegrationView } from "@/lib/stores/settings-view";
import { refreshDiscovery, rememberedDiscovery } from "@/lib/sync/discovery";
import { getChannelConnection } from "@/lib/sync/registry";
import { reconnectChannel } from "@/lib/sync/start";
import { checkConnection } from "./connection-check";
import type { CheckResult } from "@/lib/contract/manager";

/** The longest a check waits for one answer: a manager is waiting on the button. */
const CHECK_TIMEOUT_CEILING_MS = 8_000;

/** Saves a store's settings and applies them at once: its poller restarts with them. */
export async function applyIntegration(
  viewer: Viewer,
  storeId: string,
  input: IntegrationInput,
): Promise<{ view: IntegrationView; changed: string[] }> {
  const db = await getDb();
  const changed = await saveIntegration(db, viewer, storeId, input);
  await reconnectChannel(storeId);
  return { view: await getIntegrationView(db, storeId), changed };
}

/** Adds a store and starts polling it (when enabled). */
export async function addStore(viewer: Viewer, input: NewStoreInput): Promise<IntegrationView> {
  const db = await getDb();
  await createStore(db, viewer, input);
  await reconnectChannel(input.id);
  return getIntegrationView(db, input.id);
}

/** Tests the entered settings (blank secrets: the saved ones), or the saved settings when none are given. */
export async function testStoreConnection(
  storeId: string,
  input: IntegrationInput | Record<string, never>,
): Promise<CheckResult[]> {
  const db = await getDb();
  const saved = await savedSettings(db, storeId);
  const settings =
    "baseUrl" in input ? withSavedSecrets(saved, { ...(input as IntegrationInput), id: storeId }) : saved;
  // The platform's manifest is read again too, for the connection as it runs (issue 29): the
  // settings under test may be unsaved, and are recorded on no connection.
  const connection = getChannelConnection(storeId);
  // The dialect the running connection speaks: settings for another base URL are tried as 1.x.
  const sameConnection = connection?.config.baseUrl === settings.baseUrl;
  const dialect = sameConnection ? (rememberedDiscovery(connection.connectionId)?.dialect ?? null) : null;
  const [checks] = await Promise.all([
    checkConnection(settings, Math.min(env.PLATFORM_TIMEOUT_MS, CHECK_TIMEOUT_CEILING_MS), dialect),
    sameConnection ? refreshDiscovery(db, { id: connection.connectionId, baseUrl: connection.config.baseUrl }) : null,
  ]);
  return checks;
}
