import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { startFakePrinter, type FakePrinter } from "@/e2e/support/fake-printer";
import { startSandboxStore, type SandboxStoreFixture } from "@/e2e/support/store-connection";
import { storeApiClientOf } from "@/e2e/support/merchant-endpoint";
import { createOrderActions } from "@/lib/actions/perform-order-action";
import { orders, printJobs } from "@/lib/db/schema";
import { importMenu } from "@/lib/merchant/menu-import";
import { savePrinters } from "@/lib/stores/printers";
import { saveStations } from "@/lib/stores/stations";
import { PrintWorker, registerPrintWorker } from "./worker";

const MINUTE = 60_000;

/**
 * Hold and fire, printed (issue 27 points 10, 11): a station printer prints its held lines when
 * they fire, on the worker's clock (injected), over TCP to fake printers; the confirm prints the
 * lines that start at once, as before.
 */
describe("printing when fired", () => {
  let fixture: SandboxStoreFixture;
  const printers: FakePrinter[] = [];
  beforeAll(async () => {
    fixture = await startSandboxStore();
  }, 60_000);
  afterAll(async () => {
    await Promise.all(printers.map((printer) => printer.stop()));
    await fixture?.stop();
  });

  it("prints the pizza (20 min) at the confirm and the drink (2 min) 18 min later, once", async () => {
    const db = fixture.database.db;
    const storeId = fixture.store.connection.id;
    await importMenu(db, storeId, [{ channelId: storeId, client: storeApiClientOf(fixture) }], new Date());
    // The pizza module (1001) to Forno, 20 min; the drinks (1003) to Bebidas, 2 min.
    const { stations } = await saveStations(db, storeId, {
      stations: [
        { name: "Forno", isDefault: true, prepMinutes: 20 },
        { name: "Bebidas", isDefault: false, prepMinutes: 2 },
      ],
      routes: [
        { kind: "category", refId: 1001, station: 0 },
        { kind: "category", refId: 1003, station: 1 },
      ],
      expoSkipTypes: [],
    });
    const [oven, bar] = [await startFakePrinter(), await startFakePrinter()];
    printers.push(oven, bar);
    const saved = await savePrinters(db, storeId, {
      printers: [
        { name: "Forno", port: oven.port, stationId: stations[0]!.id },
        { name: "Bar", port: bar.port, stationId: stations[1]!.id },
      ].map((printer) => ({ ...printer, host: "127.0.0.1", codePage: "cp860", paperWidth: 80, enabled: true })),
    });
    // The worker's clock: the wall's until the test moves it to a time of its own.
    let clock: number | null = null;
    const now = () => new Date(clock ?? Date.now());
    const worker = new PrintWorker({ db, now });
    const stop = registerPrintWorker(worker);
    try {
      const { orderId } = await fixture.sandbox.control<{ orderId: string }>("POST", "/control/orders", {
        merchantId: storeId,
        type: "TAKEOUT",
        items: [{ code: "PZ-GRANDE", options: [{ code: "SAB-CALABRESA" }] }, { code: "BEB-GUARANA-2L" }],
      });
      await fixture.store.connection.poller.pollOnce();
      await createOrderActions({ db, connectionFor: () => fixture.store.connection, timeoutMs: 2_000 })({
        storeId,
        orderId,
        request: { action: "confirm" },
      });
      const [onOven] = await oven.waitForTickets(1);
      expect(onOven!.text).toContain("FORNO");
      expect(onOven!.text).toContain("Pizza Grande");
      expect(onOven!.text).not.toContain("Guaraná");

      // The order's start is its card's; the drink fires 18 min after it.
      const [row] = await db
        .select({ board: orders.board })
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.storeId, storeId)));
      const start = Date.parse(row!.board.stageSince!);
      expect(row!.board.lines?.map((line) => line.fireIn)).toEqual([undefined, 18]);
      clock = start + 17 * MINUTE;
      await worker.runOnce();
      clock = start + 18 * MINUTE - 1_000;
      await worker.runOnce();
      expect(bar.tickets).toHaveLength(0);

      clock = start + 18 * MINUTE;
      // Two instances at once: the job's key makes one ticket.
      const other = new PrintWorker({ db, now });
      await Promise.all([worker.runOnce(), other.runOnce()]);
      const [onBar] = await bar.waitForTickets(1);
      expect(onBar!.text).toContain("BEBIDAS");
      expect(onBar!.text).toContain("2 de 2 setores");
      expect(onBar!.text).toContain("Guaraná");
      expect(onBar!.text).not.toContain("Pizza");
      expect(onBar!.cut).toBe(true);

      clock = start + 30 * MINUTE;
      await Promise.all([worker.runOnce(), other.runOnce()]);
      const jobs = await db
        .select({ printerId: printJobs.printerId, fireMinute: printJobs.fireMinute, printedAt: printJobs.printedAt })
        .from(printJobs)
        .where(and(eq(printJobs.storeId, storeId), eq(printJobs.orderId, orderId)));
      const [ovenId, barId] = saved.printers.map((printer) => printer.id);
      expect(jobs.map(({ printerId, fireMinute }) => [printerId, fireMinute]).sort()).toEqual(
        [
          [ovenId, 0],
          [barId, 18],
        ].sort(),
      );
      expect(jobs.every((job) => job.printedAt !== null)).toBe(true);
      expect(bar.tickets).toHaveLength(1);
      expect(oven.tickets).toHaveLength(1);
    } finally {
      stop();
    }
  }, 60_000);
});
