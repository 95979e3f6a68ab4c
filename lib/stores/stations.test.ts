import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "@/e2e/support/database";
import { insertRestaurant } from "@/e2e/support/restaurants";
import { collectBoardWrites } from "@/e2e/support/board-writes";
import type { StationsInput } from "@/lib/contract/stations";
import { getBoardSnapshot } from "@/lib/db/board";
import { writeBoard } from "@/lib/db/board-writes";
import { reprojectOrder } from "@/lib/db/order-writes";
import { and, eq } from "drizzle-orm";
import { itemMarks, merchantControls, platformEvents } from "@/lib/db/schema";
import { setItemMark } from "@/lib/db/item-marks";
import { bumpStation, recallStationBump } from "@/lib/db/station-bumps";
import type { KitchenLine } from "@/lib/contract/board";
import type { OrderSummary } from "@/lib/orders/types";
import { testMenu } from "@/lib/orders/station-test-menu";
import { getStations, saveStations } from "./stations";

const pizza: KitchenLine = { name: "Pizza Grande", quantity: 1, options: [], code: "pizzaSize:7" };
const burger: KitchenLine = { name: "X-Burger", quantity: 1, options: [], code: "item:21" };
const drink: KitchenLine = { name: "Coca-Cola lata", quantity: 2, options: [], code: "item:31" };

const summary = (lines: KitchenLine[]): OrderSummary => ({
  displayId: "81",
  type: "TAKEOUT",
  customerName: "Ana",
  itemCount: lines.length,
  total: { value: 30, currency: "BRL" },
  placedAt: "2026-01-01T15:00:00.000Z",
  timing: "INSTANT",
  preparationStartAt: null,
  scheduledFor: null,
  lines,
});

// Forno takes the pizza module, Bebidas the drinks; Chapa (the default) the rest.
const threeStations: StationsInput = {
  stations: [
    { name: "Forno", isDefault: false },
    { name: "Chapa", isDefault: true },
    { name: "Bebidas", isDefault: false },
  ],
  routes: [
    { kind: "category", refId: 1, station: 0 },
    { kind: "category", refId: 3, station: 2 },
  ],
  expoSkipTypes: [],
};

describe.each(testDatabaseKinds)("kitchen stations (%s)", (kind) => {
  let database: TestDatabase;

  const platformEvent = (orderId: string, eventType: string, storeId = "store-a") =>
    database.db.insert(platformEvents).values({
      eventId: randomUUID(),
      storeId,
      channelId: storeId,
      orderId,
      eventType,
      occurredAt: new Date(),
      payload: { eventType },
    });
  const placeOrder = async (orderId: string, lines: KitchenLine[], storeId = "store-a") => {
    for (const eventType of ["CREATED", "CONFIRMED"]) await platformEvent(orderId, eventType, storeId);
    return writeBoard(database.db, (tx) =>
      reprojectOrder(tx, {
        id: orderId,
        storeId,
        channelId: storeId,
        summary: summary(lines),
        details: {},
        detailsError: null,
      }),
    );
  };
  const bump = (orderId: string, stationId: number, actor = "Ana") =>
    bumpStation(database.db, { storeId: "store-a", orderId, stationId, actor });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await insertRestaurant(database.db, { id: "store-a", name: "store-a" }, { id: "store-b", name: "store-b" });
    await database.db.insert(merchantControls).values({ storeId: "store-a", menu: { store: {}, menu: testMenu() } });
  });
  afterAll(async () => database?.destroy());

  it("a store without stations projects cards as before: no station on lines, no progress", async () => {
    const card = await placeOrder("plain", [pizza, burger]);
    expect(card.lines).toEqual([
      { name: "Pizza Grande", quantity: 1, options: [] },
      { name: "X-Burger", quantity: 1, options: [] },
    ]);
    expect(card.stationProgress).toBeUndefined();
    expect((await getBoardSnapshot(database.db, ["store-a"])).stores?.[0]).not.toHaveProperty("stations");
  });

  it("saving stations routes the active cards' lines and announces them", async () => {
    const published = collectBoardWrites(["store-a"]);
    const saved = await saveStations(database.db, "store-a", threeStations);
    published.stop();
    const [forno, chapa, bebidas] = saved.stations.map((station) => station.id);
    expect(saved.routes).toEqual(threeStations.routes);
    expect(saved.menu.categories.map((category) => category.name)).toEqual([
      "Pizzas",
      "Lanches",
      "Bebidas",
      "Sobremesas",
    ]);
    const card = published.find((order) => order.id === "plain")!;
    expect(card.lines?.map((line) => line.stations)).toEqual([[forno], [chapa]]);
    expect(card.stationProgress).toEqual([
      { id: forno, name: "Forno", lines: 1, done: 0 },
      { id: chapa, name: "Chapa", lines: 1, done: 0 },
    ]);
    const board = await getBoardSnapshot(database.db, ["store-a"]);
    expect(board.stores?.[0]).toMatchObject({
      stations: [
        { id: forno, name: "Forno" },
        { id: chapa, name: "Chapa" },
        { id: bebidas, name: "Bebidas" },
      ],
      expoSkipTypes: [],
    });
  });

  it("a station's bump marks all its lines, those past the card's 12 too; a second bump is the same one", async () => {
    const { stations } = await getStations(database.db, "store-a");
    const [forno, chapa, bebidas] = stations.map((station) => station.id) as [number, number, number];
    const lines = [pizza, burger, ...Array.from({ length: 12 }, () => drink)];
    const placed = await placeOrder("big", lines);
    expect(placed.lines).toHaveLength(12);
    expect(placed.truncated).toBe(true);
    expect(placed.stationProgress).toEqual([
      { id: forno, name: "Forno", lines: 1, done: 0 },
      { id: chapa, name: "Chapa", lines: 1, done: 0 },
      { id: bebidas, name: "Bebidas", lines: 12, done: 0 },
    ]);
    // Two tablets bump Bebidas at once: one set of marks, the first bumper's.
    const [first] = await Promise.all([bump("big", bebidas, "Ana"), bump("big", bebidas, "Bia")]);
    expect(first.stationProgress?.find((station) => station.id === bebidas)).toMatchObject({ lines: 12, done: 12 });
    const marks = await database.db.select().from(itemMarks);
    const bigMarks = marks.filter((mark) => mark.orderId === "big");
    expect(bigMarks.map((mark) => mark.line).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 2),
    );
    expect(new Set(bigMarks.map((mark) => mark.markedBy)).size).toBe(1);
    const done = await bump("big", forno);
    expect(done.stationProgress?.map((station) => station.done)).toEqual([1, 0, 12]);
    expect((await bump("big", chapa)).doneLines).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
  });

  it("deleting a station sends its lines to the default, and a route to it is dropped", async () => {
    const before = await getStations(database.db, "store-a");
    const [forno, chapa] = before.stations;
    const saved = await saveStations(database.db, "store-a", {
      stations: [forno!, chapa!],
      routes: before.routes.filter((route) => route.station < 2),
      expoSkipTypes: [],
    });
    expect(saved.stations).toHaveLength(2);
    const card = await placeOrder("after-delete", [pizza, drink]);
    expect(card.lines?.map((line) => line.stations)).toEqual([[forno!.id], [chapa!.id]]);
  });

  it("hold and fire: each line's fire offset is on the card, and a station's bump leaves its held lines", async () => {
    const saved = await saveStations(database.db, "store-a", {
      ...threeStations,
      stations: [
        { name: "Forno", isDefault: false, prepMinutes: 20 },
        { name: "Chapa", isDefault: true },
        { name: "Bebidas", isDefault: false, prepMinutes: 2 },
      ],
      prepTimes: [{ kind: "item", refId: 21, minutes: 8 }],
    });
    expect(saved.stations.map((station) => station.prepMinutes)).toEqual([20, null, 2]);
    expect(saved.prepTimes).toEqual([{ kind: "item", refId: 21, minutes: 8 }]);
    const [, chapa, bebidas] = saved.stations.map((station) => station.id) as [number, number, number];
    // Pizza 20 (Forno's), burger 8 (its own), drink 2 (Bebidas'): fire at 0, 12 and 18 min.
    const card = await placeOrder("held", [pizza, burger, drink]);
    expect(card.lines?.map((line) => line.fireIn)).toEqual([undefined, 12, 18]);
    const start = Date.parse(card.stageSince!);
    const at = (minutes: number) => new Date(start + minutes * 60_000);
    // Bebidas bumps 10 min in: its drink is still held (8 min to go), nothing is marked.
    const early = await bumpStation(database.db, {
      storeId: "store-a",
      orderId: "held",
      stationId: bebidas,
      actor: "Ana",
      now: at(10),
    });
    expect(early.doneLines).toBeUndefined();
    // Chapa at 11.5 min: within a minute of its fire time (a tablet a little ahead), marked.
    const chapaBump = await bumpStation(database.db, {
      storeId: "store-a",
      orderId: "held",
      stationId: chapa,
      actor: "Ana",
      now: at(11.5),
    });
    expect(chapaBump.doneLines).toEqual([1]);
    const late = await bumpStation(database.db, {
      storeId: "store-a",
      orderId: "held",
      stationId: bebidas,
      actor: "Ana",
      now: at(18),
    });
    expect(late.doneLines).toEqual([1, 2]);
    // A store without times of its own: nothing is held.
    await saveStations(database.db, "store-a", {
      ...threeStations,
      stations: threeStations.stations.map((station) => ({ ...station, prepMinutes: null })),
      prepTimes: [],
    });
    const plain = await placeOrder("not-held", [pizza, burger, drink]);
    expect(plain.lines?.some((line) => line.fireIn !== undefined)).toBe(false);
  });

  it("refuses another store's station, a bump of an unknown station and a bump after the order left the kitchen", async () => {
    await expect(
      saveStations(database.db, "store-b", {
        stations: [{ id: 1, name: "Roubada", isDefault: true }],
        routes: [],
        expoSkipTypes: [],
      }),
    ).rejects.toMatchObject({ code: "bad_request" });
    await expect(bump("after-delete", 999_999)).rejects.toMatchObject({ code: "not_found" });
    await expect(
      bumpStation(database.db, { storeId: "store-b", orderId: "after-delete", stationId: 1, actor: "Ana" }),
    ).rejects.toMatchObject({ code: "not_found" });
    await platformEvent("after-delete", "CANCELLED");
    await writeBoard(database.db, (tx) => reprojectOrder(tx, { id: "after-delete", storeId: "store-a" }));
    const { stations } = await getStations(database.db, "store-a");
    await expect(bump("after-delete", stations[0]!.id)).rejects.toMatchObject({ code: "action_not_allowed" });
  });

  it("a station's recall takes back exactly the marks its bump made, once, and not after the order left the kitchen", async () => {
    const { stations } = await saveStations(database.db, "store-a", threeStations);
    const [, chapa, bebidas] = stations.map((station) => station.id) as [number, number, number];
    // Chapa makes the two burgers (lines 1 and 3), Bebidas the drink (2), Forno the pizza (0).
    await placeOrder("recall", [pizza, burger, drink, { ...burger, name: "X-Salada" }]);
    const marks = () =>
      database.db
        .select({ line: itemMarks.line, by: itemMarks.markedBy, at: itemMarks.markedAt })
        .from(itemMarks)
        .where(and(eq(itemMarks.storeId, "store-a"), eq(itemMarks.orderId, "recall")))
        .orderBy(itemMarks.line);
    const mark = (line: number, actor: string) =>
      setItemMark(database.db, { storeId: "store-a", orderId: "recall", line, done: true, actor });
    const stationBump = (stationId: number, at: Date) =>
      bumpStation(database.db, { storeId: "store-a", orderId: "recall", stationId, actor: "Ana", at });
    const recall = (stationId: number, at: Date) =>
      recallStationBump(database.db, { storeId: "store-a", orderId: "recall", stationId, at });
    // A cook taps X-Salada done before the bump; Bebidas bumps its drink.
    await mark(3, "Bia");
    await stationBump(bebidas, new Date(Date.now() - 5_000));
    const before = await marks();
    expect(before.map((row) => row.line)).toEqual([2, 3]);

    const chapaAt = new Date(Date.now() - 2_000);
    expect((await stationBump(chapa, chapaAt)).doneLines).toEqual([1, 2, 3]);
    const published = collectBoardWrites(["store-a"]);
    const recalled = await recall(chapa, chapaAt);
    published.stop();
    // The bump's one mark (the X-Burger) is gone; Bia's earlier tap and Bebidas' bump stay, as they were.
    expect(recalled.doneLines).toEqual([2, 3]);
    expect(await marks()).toEqual(before);
    // Announced: the other tablets get the card with the line to make again.
    expect(published.find((order) => order.id === "recall")?.doneLines).toEqual([2, 3]);
    // A second recall of the same bump (the other tablet's, a double tap) changes nothing.
    expect((await recall(chapa, chapaAt)).doneLines).toEqual([2, 3]);
    expect(await marks()).toEqual(before);

    // A cook's tap after a bump is the cook's: the bump's recall leaves it.
    const again = new Date(Date.now() - 1_000);
    await stationBump(chapa, again);
    await mark(1, "Caio");
    expect((await recall(chapa, again)).doneLines).toEqual([1, 2, 3]);
    expect((await marks()).find((row) => row.line === 1)?.by).toBe("Caio");

    // Once the order has left the kitchen (Ready), the station's recall is refused with the card.
    const last = new Date();
    await stationBump(chapa, last);
    await platformEvent("recall", "READY_FOR_PICKUP");
    await writeBoard(database.db, (tx) => reprojectOrder(tx, { id: "recall", storeId: "store-a" }));
    const refused = recall(chapa, last);
    await expect(refused).rejects.toMatchObject({
      code: "action_not_allowed",
      extra: { reason: "stationRecallLeftKitchen", order: { column: "ready" } },
    });
    expect((await marks()).map((row) => row.line)).toEqual([1, 2, 3]);
  });
});
