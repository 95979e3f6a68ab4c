import "server-only";
import type { Viewer } from "@/lib/auth/sessions";
import type { Database } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { platformHostAllowed } from "@/lib/platform/address-guard";
import { loadChannelConfig, saveChannelConfig, type ChannelConfig } from "./config";
import { loadConnectionConfig } from "./connections";
import { channelExists, getIntegrationView, storeExists } from "./settings-view";
import { canSeeStore } from "@/lib/auth/sessions";
import type { IntegrationInput, IntegrationView, NewStoreInput } from "@/lib/contract/integration-settings";

function secretRequired(field: string, why: "none" | "newAddress"): AppError {
  const sentence =
    why === "newAddress"
      ? `The platform address changed: enter ${field} again (a saved secret is never sent to a new address).`
      : `Enter ${field}: none is saved yet.`;
  return new AppError("bad_request", sentence, undefined, {
    field,
    reason: why === "newAddress" ? "secretForNewAddress" : "secretRequired",
  });
}

/** A 400 naming the field when the base URL points at a loopback, private or link-local address. */
async function assertPublicAddress(baseUrl: string): Promise<void> {
  if (await platformHostAllowed(baseUrl)) return;
  throw new AppError(
    "bad_request",
    "This platform address is on a private network (loopback, private or link-local), which this server does not allow.",
    undefined,
    { field: "baseUrl", reason: "privateAddress" },
  );
}

/**
 * The complete settings: the input with each blank secret replaced by the saved one. A saved
 * secret follows the settings only to the same platform origin, so a changed address cannot be
 * used to read it out; missing secrets are a 400 naming the field.
 */
export function withSavedSecrets(saved: ChannelConfig | null, input: IntegrationInput & { id: string }): ChannelConfig {
  const sameOrigin = saved !== null && origin(saved.baseUrl) === origin(input.baseUrl);
  const keep = (given: string | undefined, stored: string | undefined, field: string): string => {
    if (given !== undefined) return given;
    if (stored !== undefined && sameOrigin) return stored;
    throw secretRequired(field, stored !== undefined ? "newAddress" : "none");
  };
  const storedAdmin = saved?.admin ?? null;
  return {
    id: input.id,
    restaurantId: input.restaurantId,
    label: input.label,
    color: input.color,
    // No name in the form: the restaurant's saved one (a new restaurant's is required by its schema).
    name: input.name ?? saved?.name ?? "",
    baseUrl: input.baseUrl,
    clientId: input.clientId,
    clientSecret: keep(input.clientSecret, saved?.clientSecret, "clientSecret"),
    serviceId: input.serviceId,
    admin: input.admin && {
      clientId: input.admin.clientId,
      username: input.admin.username,
      clientSecret: keep(input.admin.clientSecret, storedAdmin?.clientSecret, "admin.clientSecret"),
      password: keep(input.admin.password, storedAdmin?.password, "admin.password"),
    },
    storeApi: input.storeApi && {
      clientId: input.storeApi.clientId,
      clientSecret: keep(input.storeApi.clientSecret, saved?.storeApi?.clientSecret, "storeApi.clientSecret"),
    },
    pollIntervalSeconds: input.pollIntervalSeconds,
    confirmDeadlineMinutes: input.confirmDeadlineMinutes,
  };
}

/** The saved settings with secrets, for merging (404 when the store does not exist). */
export async function savedSettings(db: Database, storeId: string): Promise<ChannelConfig> {
  const loaded = await loadChannelConfig(db, storeId);
  if (!loaded) throw new AppError("not_found", "There is no such store.");
  return loaded.config;
}

/**
 * Saves a store's settings from the back-office (secrets left blank are kept) and records who
 * changed which fields — names only for secrets. Returns the changed field names.
 */
export async function saveIntegration(
  db: Database,
  viewer: Pick<Viewer, "userId" | "name" | "storeIds">,
  storeId: string,
  input: IntegrationInput,
): Promise<string[]> {
  const before = await getIntegrationView(db, storeId);
  const saved = await savedSettings(db, storeId);
  const moves = input.restaurantId !== undefined && input.restaurantId !== before.restaurantId;
  if (moves) await assertRestaurantFor(db, viewer, input.restaurantId!);
  // The form's restaurant-name field renames the restaurant the channel stays in, never the one it moves to.
  const renameRestaurant = input.name !== undefined && !moves && input.name !== before.name;
  const complete = withSavedSecrets(saved, { ...input, id: storeId });
  await assertPublicAddress(complete.baseUrl);
  await saveChannelConfig(
    db,
    {
      ...complete,
      // Always the resolved secret: moving to other credentials may need a new connection, which needs it.
      clientSecret: complete.clientSecret,
      admin: complete.admin && {
        ...complete.admin,
        clientSecret: input.admin?.clientSecret,
        password: input.admin?.password,
      },
      storeApi: complete.storeApi && { ...complete.storeApi, clientSecret: input.storeApi?.clientSecret },
    },
    "manager",
    { enabled: input.enabled, renameRestaurant },
  );
  const changed = changedFields(before, saved, complete, input.enabled, renameRestaurant);
  log.info(
    { store: storeId, by: { userId: viewer.userId, name: viewer.name }, changed },
    "store integration settings changed",
  );
  return changed;
}

/** Adds a store (a chain adds its stores one by one). 409 when the merchant id is taken. */
export async function createStore(
  db: Database,
  viewer: Pick<Viewer, "userId" | "name" | "storeIds">,
  input: NewStoreInput,
): Promise<void> {
  if (await channelExists(db, input.id))
    throw new AppError("already_done", "A store with this merchant id exists already.");
  if (input.restaurantId !== undefined) await assertRestaurantFor(db, viewer, input.restaurantId);
  const complete = withSavedSecrets(null, await withConnection(db, input));
  await assertPublicAddress(complete.baseUrl);
  await saveChannelConfig(db, complete, "manager", { enabled: input.enabled });
  log.info({ store: input.id, by: { userId: viewer.userId, name: viewer.name } }, "store added");
}

/**
 * A restaurant a channel may join or move to: one that exists and that the viewer runs (a 404
 * either way, so a manager learns nothing of other chains' restaurants).
 */
async function assertRestaurantFor(
  db: Database,
  viewer: Pick<Viewer, "storeIds">,
  restaurantId: string,
): Promise<void> {
  if (!canSeeStore(viewer, restaurantId) || !(await storeExists(db, restaurantId)))
    throw new AppError("not_found", "There is no such restaurant.", undefined, { field: "restaurantId" });
}

/** The input with the chosen connection's base URL, credentials and interval (a 404 for an unknown one). */
async function withConnection(db: Database, input: NewStoreInput): Promise<IntegrationInput & { id: string }> {
  const { connectionId, baseUrl, clientId, clientSecret, ...rest } = input;
  if (!connectionId) return { ...rest, baseUrl: baseUrl!, clientId: clientId!, clientSecret };
  const connection = await loadConnectionConfig(db, connectionId);
  if (!connection) throw new AppError("not_found", "There is no such platform connection.");
  return {
    ...rest,
    baseUrl: connection.baseUrl,
    clientId: connection.clientId,
    clientSecret: connection.clientSecret,
    pollIntervalSeconds: connection.pollIntervalSeconds,
  };
}

function changedFields(
  before: IntegrationView,
  saved: ChannelConfig,
  after: ChannelConfig,
  enabled: boolean,
  renamed: boolean,
): string[] {
  const pairs: Array<[string, unknown, unknown]> = [
    ["name", before.name, renamed ? after.name : before.name],
    ["baseUrl", before.baseUrl, after.baseUrl],
    ["clientId", before.clientId, after.clientId],
    ["clientSecret", saved.clientSecret, after.clientSecret],
    ["serviceId", before.serviceId, after.serviceId],
    ["admin.clientId", before.admin?.clientId ?? null, after.admin?.clientId ?? null],
    ["admin.username", before.admin?.username ?? null, after.admin?.username ?? null],
    ["admin.clientSecret", saved.admin?.clientSecret ?? null, after.admin?.clientSecret ?? null],
    ["admin.password", saved.admin?.password ?? null, after.admin?.password ?? null],
    ["storeApi.clientId", before.storeApi?.clientId ?? null, after.storeApi?.clientId ?? null],
    ["storeApi.clientSecret", saved.storeApi?.clientSecret ?? null, after.storeApi?.clientSecret ?? null],
    ["pollIntervalSeconds", before.pollIntervalSeconds, after.pollIntervalSeconds],
    ["confirmDeadlineMinutes", before.confirmDeadlineMinutes, after.confirmDeadlineMinutes],
    ["enabled", before.enabled, enabled],
    ["restaurantId", before.restaurantId, after.restaurantId ?? before.restaurantId],
    ["label", before.label, after.label ?? before.label],
    ["color", before.color, after.color ?? before.color],
  ];
  return pairs.filter(([, a, b]) => a !== b).map(([field]) => field);
}

function origin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}
