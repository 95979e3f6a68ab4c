import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { startFakePrinter, type FakePrinter } from "@/e2e/support/fake-printer";
import type { SandboxStoreFixture } from "@/e2e/support/store-connection";
import { startSandboxStore } from "@/e2e/support/store-connection";
import { createOrderActions } from "@/lib/actions/perform-order-action";
import { kitchenStations, printJobs } from "@/lib/db/schema";
import { StatusFeed } from "@/lib/sync/status-feed";
import type { StatusMessage } from "@/lib/contract/stream";
import { getPrinters, savePrinters } from "@/lib/stores/printers";
import { saveStations } from "@/lib/stores/stations";
import { importMenu } from "@/lib/merchant/menu-import";
import { storeApiClientOf } from "@/e2e/support/merchant-endpoint";
import { readPrinterAlarms } from "./jobs";
import { PrintWorker, registerPrintWorker } from "./worker";

/** Kitchen printers end to end: a confirm on the sandbox, the worker, fake printers on TCP ports. */
describe("kitchen printers", () => {
  let fixture: SandboxStoreFixture;
  const printers: FakePrinter[] = [];
  beforeAll(async () => {
    fixture = await startSandboxStore();
  }, 60_000);
  afterAll(async () => {
    await Promise.all(printers.map((printer) => printer.stop()));
    await fixture?.stop();
  });

  const storeId = () => fixture.store.connection.id;
  const printer = async (...args: Parameters<typeof startFakePrinter>) => {
    const started = await startFakePrinter(...args);
    printers.push(started);
    return started;
  };
  const configure = (
    list: Array<{
      name: string;
      port: number;
      codePage?: "cp860" | "cp850";
      paperWidth?: 58 | 80;
      stationId?: number | null;
    }>,
  ) =>
    savePrinters(fixture.database.db, storeId(), {
      printers: list.map(({ name, port, codePage = "cp860", paperWidth = 80, stationId = null }) => ({
        name,
        host: "127.0.0.1",
        port,
        codePage,
        paperWidth,
        enabled: true,
        stationId,
      })),
    });
  const perform = () =>
    createOrderActions({ db: fixture.database.db, connectionFor: () => fixture.store.connection, timeoutMs: 2_000 });

  /** A new order with an intolerance on an item and accents everywhere, polled into Comanda. */
  async function placeOrder(
    items: unknown[] = [
      { code: "ENT-PAO-ALHO", quantity: 2, specialInstructions: "SEM LACTOSE - cliente intolerante" },
      { code: "PZ-GRANDE", options: [{ code: "SAB-CALABRESA" }, { code: "SAB-PORTUGUESA" }, { code: "MASSA-FINA" }] },
    ],
  ): Promise<string> {
    const { orderId } = await fixture.sandbox.control<{ orderId: string }>("POST", "/control/orders", {
      merchantId: storeId(),
      type: "TAKEOUT",
      items,
      extraInfo: "Pão de queijo à parte, não esquecer",
    });
    await fixture.store.connection.poller.pollOnce();
    return orderId;
  }
  const confirm = async (orderId: string) => {
    const started = performance.now();
    await perform()({ storeId: storeId(), orderId, request: { action: "confirm" } });
    return performance.now() - started;
  };

  it("prints the whole ticket on two printers, accents right through CP860 and CP850, with a cut", async () => {
    const [kitchen, expo] = [await printer(), await printer()];
    await configure([
      { name: "Cozinha", port: kitchen.port, codePage: "cp860", paperWidth: 80 },
      { name: "Expo", port: expo.port, codePage: "cp850", paperWidth: 58 },
    ]);
    const stop = registerPrintWorker(new PrintWorker({ db: fixture.database.db }));
    try {
      const orderId = await placeOrder();
      // The confirm wakes the process's worker: nothing else is called here.
      await confirm(orderId);
      const [[onKitchen], [onExpo]] = await Promise.all([kitchen.waitForTickets(1), expo.waitForTickets(1)]);
      for (const [ticket, table] of [
        [onKitchen!, 3],
        [onExpo!, 2],
      ] as const) {
        expect(ticket.codeTable).toBe(table);
        expect(ticket.cut).toBe(true);
        expect(ticket.text).toContain("2x Pão de alho");
        // Long lines wrap (58 mm is 32 columns): compare the words.
        const words = ticket.text.replace(/\s+/g, " ");
        expect(words).toContain(">> SEM LACTOSE - cliente intolerante");
        expect(words).toContain("Pão de queijo à parte, não esquecer");
        expect(ticket.text).toMatch(/Calabresa/);
        expect(ticket.text).toContain("RETIRADA");
        expect(ticket.lines.find((line) => line.text.includes("ALERGIA"))).toMatchObject({ bold: true, large: true });
        expect(ticket.lines.find((line) => line.text.includes("SEM LACTOSE"))?.bold).toBe(true);
        expect(ticket.text).not.toContain("\ufffd");
        expect(ticket.text).not.toContain("?");
      }
      // 58 mm paper: 32 columns; 80 mm: 48.
      expect(Math.max(...onExpo!.lines.map((line) => line.text.length))).toBeLessThanOrEqual(32);
      expect(Math.max(...onKitchen!.lines.map((line) => line.text.length))).toBe(48);
      const jobs = await fixture.database.db.select().from(printJobs).where(eq(printJobs.orderId, orderId));
      expect(jobs.map((job) => job.printedAt !== null)).toEqual([true, true]);
    } finally {
      stop();
    }
  }, 60_000);

  it("a printer off for 40 s raises the board's alarm after 30 s and prints when it returns", async () => {
    const kitchen = await printer();
    await configure([{ name: "Cozinha", port: kitchen.port }]);
    await kitchen.off();
    const [first, second] = [await placeOrder(), await placeOrder()];
    await confirm(first);
    await confirm(second);
    // Simulated time from the first ticket's queueing: the worker and the status feed read this
    // clock; nothing waits for real.
    const [oldest] = await fixture.database.db
      .select({ createdAt: printJobs.createdAt })
      .from(printJobs)
      .where(eq(printJobs.orderId, first));
    const start = oldest!.createdAt.getTime();
    let at = start;
    const clock = () => new Date(at);
    const worker = new PrintWorker({ db: fixture.database.db, now: clock, timeoutMs: 1_000 });
    const messages: StatusMessage[] = [];
    const feed = new StatusFeed(
      async () => [],
      clock,
      () => true,
      (now) => readPrinterAlarms(fixture.database.db, now),
    );
    const unsubscribe = feed.subscribe((message) => messages.push(message));
    const unprinted = async () =>
      (await fixture.database.db.select({ printedAt: printJobs.printedAt }).from(printJobs)).filter(
        (job) => job.printedAt === null,
      ).length;
    let alarmAt: number | null = null;
    let printedAt: number | null = null;
    let clearedAt: number | null = null;
    try {
      for (let elapsed = 0; elapsed <= 60_000 && clearedAt === null; elapsed += 500) {
        at = start + elapsed;
        if (elapsed === 40_000) await kitchen.on();
        await worker.runOnce();
        if (printedAt === null && (await unprinted()) === 0) printedAt = elapsed;
        await feed.tick(clock());
        const alarm = messages.at(-1)?.printers?.find((entry) => entry.storeId === storeId());
        if (alarm && alarmAt === null) {
          alarmAt = elapsed;
          expect(alarm).toEqual({ storeId: storeId(), printer: "Cozinha", waiting: 2 });
        }
        if (!alarm && alarmAt !== null && printedAt !== null) clearedAt = elapsed;
      }
    } finally {
      unsubscribe();
    }
    console.log(
      `printer off: alarm at ${alarmAt} ms, printed ${printedAt! - 40_000} ms after it returned, cleared at ${clearedAt} ms (simulated)`,
    );
    expect(alarmAt).toBeGreaterThan(30_000);
    expect(alarmAt).toBeLessThanOrEqual(32_500);
    expect(printedAt).toBeGreaterThanOrEqual(40_000);
    expect(printedAt! - 40_000).toBeLessThanOrEqual(5_000);
    expect(clearedAt).not.toBeNull();
    const tickets = await kitchen.waitForTickets(2);
    expect(tickets).toHaveLength(2);
    expect(tickets.every((ticket) => ticket.cut && ticket.text.includes("Pão de queijo"))).toBe(true);
  }, 120_000);

  it("a printer answering garbage or never reading slows neither the confirm nor the other printer", async () => {
    const [garbage, silent, good] = [await printer("garbage"), await printer("silent"), await printer()];
    await configure([
      { name: "Lixo", port: garbage.port },
      { name: "Muda", port: silent.port },
      { name: "Boa", port: good.port },
    ]);
    const baseline = await confirm(await placeOrder());
    const worker = new PrintWorker({ db: fixture.database.db, timeoutMs: 500 });
    const stop = registerPrintWorker(worker);
    try {
      const latencies: number[] = [];
      for (let index = 0; index < 3; index++) latencies.push(await confirm(await placeOrder()));
      await good.waitForTickets(4);
      console.log(
        `confirm with garbage + silent printers: ${latencies.map((ms) => Math.round(ms)).join(", ")} ms (first confirm, worker not running: ${Math.round(baseline)} ms)`,
      );
      expect(Math.max(...latencies)).toBeLessThan(1_500);
    } finally {
      stop();
    }
  }, 60_000);

  it("a station's printer prints its items only, the expo printer the whole ticket", async () => {
    const db = fixture.database.db;
    await importMenu(db, storeId(), [{ channelId: storeId(), client: storeApiClientOf(fixture) }], new Date());
    // The pizzaria's pizza module (1001) to the oven, its drinks (1003) to Bebidas; the rest to Cozinha.
    const { stations } = await saveStations(db, storeId(), {
      stations: [
        { name: "Forno", isDefault: false },
        { name: "Bebidas", isDefault: false },
        { name: "Cozinha", isDefault: true },
      ],
      routes: [
        { kind: "category", refId: 1001, station: 0 },
        { kind: "category", refId: 1003, station: 1 },
      ],
      expoSkipTypes: [],
    });
    const [forno, bebidas] = stations;
    const [oven, bar, expo] = [await printer(), await printer(), await printer()];
    const saved = await configure([
      { name: "Forno", port: oven.port, stationId: forno!.id },
      { name: "Bar", port: bar.port, codePage: "cp850", stationId: bebidas!.id },
      { name: "Expo", port: expo.port },
    ]);
    expect(saved.printers.map((entry) => entry.stationId)).toEqual([forno!.id, bebidas!.id, null]);
    const stop = registerPrintWorker(new PrintWorker({ db }));
    try {
      const pizza = {
        code: "PZ-GRANDE",
        options: [{ code: "SAB-CALABRESA" }, { code: "MASSA-FINA" }],
        specialInstructions: "Sem glúten: cliente celíaco",
      };
      const drink = { code: "BEB-GUARANA-2L" };
      await confirm(await placeOrder([pizza, drink]));
      const [[onOven], [onBar], [onExpo]] = await Promise.all([
        oven.waitForTickets(1),
        bar.waitForTickets(1),
        expo.waitForTickets(1),
      ]);
      const words = (ticket: typeof onOven) => ticket!.text.replace(/\s+/g, " ");
      for (const ticket of [onOven!, onBar!, onExpo!]) {
        expect(ticket.cut).toBe(true);
        expect(ticket.text).toContain("RETIRADA");
        expect(words(ticket)).toContain("Pão de queijo à parte, não esquecer");
        expect(ticket.text).not.toContain("\ufffd");
      }
      expect(onOven!.text).toContain("FORNO");
      expect(onOven!.text).toContain("1 de 2 setores");
      expect(onOven!.text).toContain("Pizza Grande");
      expect(words(onOven)).toContain(">> Sem glúten: cliente celíaco");
      expect(onOven!.lines.find((line) => line.text.includes("ALERGIA"))).toMatchObject({ bold: true, large: true });
      expect(onOven!.text).not.toContain("Guaraná");
      expect(onBar!.codeTable).toBe(2);
      expect(onBar!.text).toContain("BEBIDAS");
      expect(onBar!.text).toContain("2 de 2 setores");
      expect(onBar!.text).toContain("Guaraná");
      expect(onBar!.text).not.toContain("Pizza");
      expect(onBar!.text).not.toContain("ALERGIA");
      expect(onExpo!.text).toContain("Pizza Grande");
      expect(onExpo!.text).toContain("Guaraná");
      expect(words(onExpo)).toContain(">> Sem glúten: cliente celíaco");
      expect(onExpo!.text).not.toContain("setores");

      // No drink: the bar gets no job; a line past the card's 12 still prints on its station.
      const noDrink = await placeOrder([pizza]);
      await confirm(noDrink);
      const manyLines = await placeOrder([...Array.from({ length: 12 }, () => ({ code: "ENT-PAO-ALHO" })), drink]);
      await confirm(manyLines);
      const [, second] = await bar.waitForTickets(2);
      await Promise.all([oven.waitForTickets(2), expo.waitForTickets(3)]);
      const printersOf = async (orderId: string) =>
        (
          await db
            .select({ printerId: printJobs.printerId })
            .from(printJobs)
            .where(and(eq(printJobs.storeId, storeId()), eq(printJobs.orderId, orderId)))
        )
          .map((job) => job.printerId)
          .sort((a, b) => a - b);
      const [ovenId, barId, expoId] = saved.printers.map((entry) => entry.id);
      expect(await printersOf(noDrink)).toEqual([ovenId, expoId]);
      expect(await printersOf(manyLines)).toEqual([barId, expoId]);
      expect(second!.text).toContain("Guaraná");
      expect(second!.text).toContain("1 de 2 setores");
      expect(second!.text).not.toContain("Pão de alho");
      expect(bar.tickets).toHaveLength(2);
    } finally {
      stop();
      await saveStations(db, storeId(), { stations: [], routes: [], expoSkipTypes: [] });
    }
  }, 60_000);

  it("refuses another store's station; a deleted station's printer prints the whole ticket", async () => {
    const db = fixture.database.db;
    const [elsewhere] = await db
      .insert(kitchenStations)
      .values({ storeId: "another-store", name: "Forno", position: 0 })
      .returning({ id: kitchenStations.id });
    await expect(configure([{ name: "Forno", port: 9100, stationId: elsewhere!.id }])).rejects.toThrow(
      /not one of this store's/,
    );
    const { stations } = await saveStations(db, storeId(), {
      stations: [{ name: "Forno", isDefault: true }],
      routes: [],
      expoSkipTypes: [],
    });
    const kitchen = await printer();
    await configure([{ name: "Forno", port: kitchen.port, stationId: stations[0]!.id }]);
    await saveStations(db, storeId(), { stations: [], routes: [], expoSkipTypes: [] });
    expect((await getPrinters(db, storeId())).printers.map((entry) => entry.stationId)).toEqual([null]);
    const stop = registerPrintWorker(new PrintWorker({ db }));
    try {
      await confirm(await placeOrder());
      const [ticket] = await kitchen.waitForTickets(1);
      expect(ticket!.text).toContain("Pão de alho");
      expect(ticket!.text).toContain("Pizza Grande");
      expect(ticket!.text).not.toContain("setores");
    } finally {
      stop();
    }
  }, 60_000);
});
