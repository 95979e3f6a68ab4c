import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  // Secrets are sealed with this key instead of one generated into ./data.
  process.env.SECRETS_KEY = "BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc=";
});

import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { platformEvents, stores } from "@/lib/db/schema";
import { writeBoard } from "@/lib/db/board-writes";
import { reprojectOrder } from "@/lib/db/order-writes";
import type { OrderSummary } from "@/lib/orders/types";
import { createTestDatabase, type TestDatabase } from "@/e2e/support/database";
import { AppError } from "@/lib/errors";
import { loadChannelConfig, saveChannelConfig, selectChannelRows, type ChannelConfig } from "./config";
import { openDatabase, type DatabaseHandle } from "@/lib/db/client";
import { createStore, saveIntegration } from "./settings";
import {
  integrationInputSchema,
  newStoreInputSchema,
  platformBaseUrlSchema,
  type IntegrationInput,
} from "@/lib/contract/integration-settings";
import { getIntegrationView, listIntegrationViews } from "./settings-view";

const actor = { userId: 1, name: "Test admin", storeIds: "all" as const };
const SECRETS = {
  clientSecret: "interchange-secret-1",
  admin: "admin-secret-1",
  password: "admin-password-1",
  storeApi: "store-secret-1",
};

const newStore = newStoreInputSchema.parse({
  id: "merchant-0",
  name: "Pizzaria Teste",
  baseUrl: "https://platform.example.com/api",
  clientId: "client-1",
  clientSecret: SECRETS.clientSecret,
  serviceId: "service-1",
  admin: { clientId: "admin-1", clientSecret: SECRETS.admin, username: "api.user", password: SECRETS.password },
  storeApi: { clientId: "store-1", clientSecret: SECRETS.storeApi },
  pollIntervalSeconds: 30,
  confirmDeadlineMinutes: 8,
  enabled: true,
});

/** The form as the page sends it: every secret blank. */
const blankForm = (changes: Partial<IntegrationInput> = {}): IntegrationInput =>
  integrationInputSchema.parse({
    name: newStore.name,
    baseUrl: newStore.baseUrl,
    clientId: newStore.clientId,
    clientSecret: "",
    serviceId: newStore.serviceId,
    admin: { clientId: "admin-1", clientSecret: "", username: "api.user", password: "" },
    storeApi: { clientId: "store-1", clientSecret: "" },
    pollIntervalSeconds: 30,
    confirmDeadlineMinutes: 8,
    enabled: true,
    ...changes,
  });

describe("integration settings (pglite)", () => {
  let database: TestDatabase;
  let storeId = "";
  let count = 0;
  // One database (a new PGlite takes seconds here); each test has its own store.
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
  });
  afterAll(async () => database?.destroy());
  beforeEach(async () => {
    storeId = `merchant-${++count}`;
    await createStore(database.db, actor, { ...newStore, id: storeId });
  });

  it("keeps every saved secret when the form leaves them blank, and applies the rest", async () => {
    const changed = await saveIntegration(
      database.db,
      actor,
      storeId,
      blankForm({ pollIntervalSeconds: 5, confirmDeadlineMinutes: 12 }),
    );
    expect(changed).toEqual(["pollIntervalSeconds", "confirmDeadlineMinutes"]);
    const { config, source } = (await loadChannelConfig(database.db, storeId))!;
    expect(source).toBe("manager");
    expect(config).toMatchObject({
      clientSecret: SECRETS.clientSecret,
      admin: { clientSecret: SECRETS.admin, password: SECRETS.password },
      storeApi: { clientSecret: SECRETS.storeApi },
      pollIntervalSeconds: 5,
      confirmDeadlineMinutes: 12,
    });
  });

  it("replaces a secret that is given, and names it (not its value) among the changes", async () => {
    const form = blankForm();
    const changed = await saveIntegration(database.db, actor, storeId, {
      ...form,
      admin: { ...form.admin!, password: "new-password" },
    });
    expect(changed).toEqual(["admin.password"]);
    const { config } = (await loadChannelConfig(database.db, storeId))!;
    expect(config.admin?.password).toBe("new-password");
    expect(config.admin?.clientSecret).toBe(SECRETS.admin);
  });

  it("never sends a saved secret to a new address: a changed origin needs them typed again", async () => {
    const moved = blankForm({ baseUrl: "https://elsewhere.example.net/api" });
    const error = await saveIntegration(database.db, actor, storeId, moved).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).extra).toEqual({ field: "clientSecret", reason: "secretForNewAddress" });
    // Same origin, another path: the saved secrets follow.
    await saveIntegration(database.db, actor, storeId, blankForm({ baseUrl: "https://platform.example.com/v2" }));
    expect((await loadChannelConfig(database.db, storeId))!.config.clientSecret).toBe(SECRETS.clientSecret);
  });

  it("asks for a secret that was never saved (admin credentials added later)", async () => {
    await saveIntegration(database.db, actor, storeId, blankForm({ admin: null }));
    const form = blankForm();
    const error = (await saveIntegration(database.db, actor, storeId, form).catch(
      (caught: unknown) => caught,
    )) as AppError;
    expect(error.extra).toEqual({ field: "admin.clientSecret", reason: "secretRequired" });
  });

  it("shows secrets only as set or not, in every view", async () => {
    const view = await getIntegrationView(database.db, storeId);
    expect(view).toMatchObject({
      clientSecretSet: true,
      admin: { clientSecretSet: true, passwordSet: true },
      storeApi: { clientSecretSet: true },
    });
    const [row] = await selectChannelRows(database.db, eq(stores.id, storeId));
    const text = JSON.stringify([view, await listIntegrationViews(database.db, { storeIds: "all" } as never)]);
    for (const secret of [...Object.values(SECRETS), row!.clientSecretEncrypted, row!.adminPasswordEncrypted!])
      expect(text).not.toContain(secret);
  });

  it("is not overwritten by the environment at the next start once a manager saved it", async () => {
    await saveIntegration(database.db, actor, storeId, blankForm({ pollIntervalSeconds: 7 }));
    const fromEnv = {
      ...(await loadChannelConfig(database.db, storeId))!.config,
      clientSecret: "env-secret",
      baseUrl: "https://env.example.com",
    };
    await saveChannelConfig(database.db, fromEnv, "env");
    const { config } = (await loadChannelConfig(database.db, storeId))!;
    expect([config.baseUrl, config.clientSecret]).toEqual([newStore.baseUrl, SECRETS.clientSecret]);
  });

  it("adds a channel to a restaurant the viewer runs, and to no other (a 404 either way)", async () => {
    const second = { ...newStore, id: `${storeId}-second`, clientId: "client-second", restaurantId: storeId };
    const outsider = { ...actor, storeIds: ["somewhere-else"] };
    for (const [viewer, restaurantId] of [
      [outsider, storeId],
      [actor, "no-such-restaurant"],
    ] as const) {
      const error = await createStore(database.db, viewer, { ...second, restaurantId }).catch(
        (caught: unknown) => caught,
      );
      expect(error).toMatchObject({ code: "not_found", extra: { field: "restaurantId" } });
    }
    expect(await loadChannelConfig(database.db, second.id)).toBeNull();
    await createStore(database.db, { ...actor, storeIds: [storeId] }, second);
    expect((await loadChannelConfig(database.db, second.id))?.config).toMatchObject({
      id: second.id,
      restaurantId: storeId,
    });
  });

  it("saves channel B's settings without renaming its restaurant, and renames it only from its name field", async () => {
    const restaurantName = async (id: string) =>
      (await database.db.select({ name: stores.name }).from(stores).where(eq(stores.id, id)))[0]?.name;
    // Channel B joins channel A's restaurant; the name typed for a new restaurant is not used.
    const channelB = `${storeId}-b`;
    await createStore(database.db, actor, {
      ...newStore,
      id: channelB,
      name: "Not the restaurant",
      clientId: "client-b",
      restaurantId: storeId,
    });
    expect(await restaurantName(storeId)).toBe(newStore.name);

    // B's label, colour and credentials change; the form sends no name: the restaurant keeps its own.
    const channelOnly = {
      ...blankForm({ clientId: "client-b", label: "App B", color: "#db2777", serviceId: "service-b" }),
    };
    delete channelOnly.name;
    const changed = await saveIntegration(database.db, actor, channelB, channelOnly);
    expect(changed).toEqual(["serviceId", "label", "color"]);
    expect(await restaurantName(storeId)).toBe(newStore.name);
    expect((await getIntegrationView(database.db, channelB)).label).toBe("App B");

    // B moves to another restaurant with the name of the one it leaves in the form: neither is renamed.
    const other = `${storeId}-other`;
    await createStore(database.db, actor, { ...newStore, id: other, name: "Outro Restaurante", clientId: "client-o" });
    await saveIntegration(database.db, actor, channelB, blankForm({ clientId: "client-b", restaurantId: other }));
    expect([await restaurantName(storeId), await restaurantName(other)]).toEqual([newStore.name, "Outro Restaurante"]);

    // The restaurant's name field, changed, renames the restaurant (for all its channels).
    expect(await saveIntegration(database.db, actor, storeId, blankForm({ name: "Pizzaria Renomeada" }))).toEqual([
      "name",
    ]);
    expect(await restaurantName(storeId)).toBe("Pizzaria Renomeada");
  });

  it("keeps each channel's confirm deadline (its platform's): saving B's never changes A's cards", async () => {
    const channelB = `${storeId}-deadline-b`;
    await createStore(database.db, actor, { ...newStore, id: channelB, clientId: "client-db", restaurantId: storeId });
    await saveIntegration(
      database.db,
      actor,
      channelB,
      blankForm({ clientId: "client-db", confirmDeadlineMinutes: 5 }),
    );
    expect((await getIntegrationView(database.db, channelB)).confirmDeadlineMinutes).toBe(5);
    expect((await getIntegrationView(database.db, storeId)).confirmDeadlineMinutes).toBe(8);

    // A new order on each channel: its card's confirm-by is its own platform's deadline.
    const placedAt = "2026-01-01T15:00:00.000Z";
    const confirmByOf = async (channelId: string) => {
      const id = randomUUID();
      await database.db.insert(platformEvents).values({
        eventId: randomUUID(),
        storeId,
        channelId,
        orderId: id,
        eventType: "CREATED",
        occurredAt: new Date(placedAt),
        payload: { eventType: "CREATED" },
      });
      const summary: OrderSummary = {
        displayId: "1",
        type: "TAKEOUT",
        customerName: "Ana",
        itemCount: 1,
        total: { value: 10, currency: "BRL" },
        placedAt,
        timing: "INSTANT",
        preparationStartAt: null,
        scheduledFor: null,
      };
      const card = await writeBoard(database.db, (tx) =>
        reprojectOrder(tx, { id, storeId, channelId, summary, details: { id }, detailsError: null }),
      );
      return card.confirmBy;
    };
    expect(await confirmByOf(channelB)).toBe("2026-01-01T15:05:00.000Z");
    expect(await confirmByOf(storeId)).toBe("2026-01-01T15:08:00.000Z");
  });

  it("refuses duplicate merchant ids", async () => {
    await expect(createStore(database.db, actor, { ...newStore, id: storeId })).rejects.toMatchObject({
      code: "already_done",
    });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("stores saved at once by several instances (postgres)", () => {
  let database: TestDatabase;
  const instances: DatabaseHandle[] = [];
  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    for (let i = 0; i < 5; i++) instances.push(await openDatabase({ databaseUrl: database.url! }));
  });
  afterAll(async () => {
    for (const instance of instances) await instance.close();
    await database?.destroy();
  });

  it("share one new connection instead of failing on its unique credentials", async () => {
    // Five instances starting together save the same platform's stores, each on its own pool.
    for (const round of [1, 2, 3]) {
      const config = (id: string): ChannelConfig => ({
        ...newStore,
        id: `merchant-${round}-${id}`,
        baseUrl: "https://platform.example.com/api",
        clientId: `integrator-${round}`,
        clientSecret: SECRETS.clientSecret,
        admin: null,
        storeApi: null,
      });
      const saves = instances.map((instance, i) => saveChannelConfig(instance.db, config(String(i)), "sandbox"));
      expect((await Promise.allSettled(saves)).map((save) => save.status)).toEqual(Array(5).fill("fulfilled"));
    }
    const rows = await selectChannelRows(database.db);
    expect(rows).toHaveLength(15);
    expect(new Set(rows.map((row) => row.connectionId)).size).toBe(3);
  });
});

describe("platform base URL", () => {
  it("takes https anywhere, http only on this machine", () => {
    expect(platformBaseUrlSchema.parse("https://platform.example.com/api/")).toBe("https://platform.example.com/api");
    expect(platformBaseUrlSchema.parse("http://127.0.0.1:3000/sandbox")).toBe("http://127.0.0.1:3000/sandbox");
    expect(platformBaseUrlSchema.parse("http://localhost:4010")).toBe("http://localhost:4010");
    for (const bad of [
      "http://platform.example.com",
      "ftp://platform.example.com",
      "https://user:pw@platform.example.com",
      "https://p.example.com/?x=1",
      "not a url",
    ]) {
      expect(platformBaseUrlSchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});
