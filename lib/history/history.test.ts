import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SandboxMerchant } from "@/e2e/support/sandbox-process";
import { startSandboxStore, type SandboxStoreFixture } from "@/e2e/support/store-connection";
import { parseCsv } from "@/e2e/support/csv";
import { xlsxRecords, xlsxSheetXml } from "@/e2e/support/xlsx";
import { exportHistory, exportHistoryCsv } from "./export";
import { historyFiltersSchema } from "@/lib/contract/history";
import { listHistory } from "./history";
import { rowComparator } from "./sorting";

// Comanda's records (ingested by a real poller) merged with the sandbox's admin list, on PGlite.

describe("order history", () => {
  let fixture: SandboxStoreFixture;
  let merchant: SandboxMerchant;
  const placed: Array<{ id: string; displayId: string; customer: string; phone: string }> = [];
  const scope = () => ({ stores: [{ id: merchant.merchantId, name: merchant.name }] });
  const filters = (input: Record<string, string> = {}) => historyFiltersSchema.parse(input);

  const place = async (type: "DELIVERY" | "TAKEOUT") => {
    const { orderId } = await fixture.sandbox.control<{ orderId: string }>("POST", "/control/orders", {
      merchantId: merchant.merchantId,
      type,
      orderTiming: "INSTANT",
    });
    const { order } = await fixture.sandbox.control<{
      order: { displayId: string; customer: { name: string; phone: { number: string } } };
    }>("GET", `/control/orders/${orderId}`);
    const entry = {
      id: orderId,
      displayId: order.displayId,
      customer: order.customer.name,
      phone: order.customer.phone.number,
    };
    placed.push(entry);
    return entry;
  };

  beforeAll(async () => {
    fixture = await startSandboxStore();
    [merchant] = (await fixture.sandbox.control<SandboxMerchant[]>("GET", "/control/merchants")) as [SandboxMerchant];
    await place("DELIVERY");
    await place("TAKEOUT");
    await fixture.store.connection.poller.pollOnce();
    // Placed while Comanda is not polling: only the platform has it.
    await place("DELIVERY");
  });
  afterAll(async () => fixture?.stop());

  it("merges Comanda's orders with the platform's list, newest first, platform-only ones marked", async () => {
    const page = await listHistory(fixture.database.db, scope(), filters());
    expect(page.warnings).toEqual([]);
    expect(page.total).toBe(3);
    expect(page.rows.map((row) => [row.id, row.source])).toEqual([
      [placed[2]!.id, "platform"],
      [placed[1]!.id, "both"],
      [placed[0]!.id, "both"],
    ]);
    expect(page.rows[2]).toMatchObject({
      displayId: placed[0]!.displayId,
      customerName: placed[0]!.customer,
      phone: placed[0]!.phone,
      column: "new",
      statusesDiffer: false,
    });
    expect(page.rows[0]).toMatchObject({
      column: null,
      platformStatus: "CREATED",
      phone: null,
      customerName: placed[2]!.customer,
    });
  });

  it("finds orders by display id, customer name without accents, and phone digits", async () => {
    const ids = async (q: string) =>
      (await listHistory(fixture.database.db, scope(), filters({ q }))).rows.map((row) => row.id);
    expect(await ids(placed[1]!.displayId)).toEqual([placed[1]!.id]);
    expect(await ids(placed[2]!.displayId)).toEqual([placed[2]!.id]);
    const folded = placed[0]!.customer
      .normalize("NFD")
      .replace(/\p{Diacritic}/gu, "")
      .toUpperCase();
    expect(await ids(folded)).toContain(placed[0]!.id);
    const digits = placed[1]!.phone.replace(/\D/g, "");
    expect(await ids(digits.slice(-8))).toEqual([placed[1]!.id]);
    expect(await ids("zzzz-nobody")).toEqual([]);
  });

  it("filters by type, status and dates", async () => {
    const ids = async (input: Record<string, string>) =>
      (await listHistory(fixture.database.db, scope(), filters(input))).rows.map((row) => row.id);
    expect(await ids({ type: "TAKEOUT" })).toEqual([placed[1]!.id]);
    expect(await ids({ status: "new" })).toHaveLength(3);
    expect(await ids({ status: "done" })).toEqual([]);
    expect(await ids({ from: "2020-01-01", to: "2020-01-31" })).toEqual([]);
  });

  it("sorts Comanda's rows in the database the way the page places the platform's (total, type, time)", async () => {
    const all = (await listHistory(fixture.database.db, scope(), filters())).rows;
    for (const [sort, dir] of [
      ["total", "desc"],
      ["total", "asc"],
      ["type", "asc"],
      ["placedAt", "asc"],
    ] as const) {
      const page = await listHistory(fixture.database.db, scope(), filters({ sort, dir }));
      const expected = [...all].sort(rowComparator({ sort, dir, storeRank: new Map() }));
      expect(page.rows.map((row) => row.id)).toEqual(expected.map((row) => row.id));
      expect([page.sort, page.dir]).toEqual([sort, dir]);
    }
    const byTotal = (await listHistory(fixture.database.db, scope(), filters({ sort: "total" }))).rows;
    const totals = byTotal.map((row) => row.total?.value ?? -1);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
  });

  it("still shows Comanda's history, with a warning, when the admin API fails", async () => {
    await fixture.sandbox.control("PUT", "/control/faults", {
      rules: [{ route: "GET /admin-api/v1/orders", errorRate: 1, errorStatus: 503 }],
    });
    try {
      const started = Date.now();
      const page = await listHistory(fixture.database.db, scope(), filters());
      // The platform call is bounded: 8 s in all (README, "Order history"), plus a margin.
      expect(Date.now() - started).toBeLessThan(8_000 + 2_000);
      expect(page.rows.map((row) => [row.id, row.source])).toEqual([
        [placed[1]!.id, "comanda"],
        [placed[0]!.id, "comanda"],
      ]);
      expect(page.warnings).toEqual([
        expect.objectContaining({
          storeId: merchant.merchantId,
          kind: "failed",
          message: expect.stringMatching(/HTTP 503/),
        }),
      ]);
    } finally {
      await fixture.sandbox.control("DELETE", "/control/faults");
    }
  });

  it("exports one CSV row per order with named columns", async () => {
    const { csv, rows, filename } = await exportHistoryCsv(fixture.database.db, scope(), filters(), {
      header: (column) => column,
      status: (column) => column,
      type: (type) => type,
      locale: "en",
    });
    expect(rows).toBe(3);
    // No name in words given: English, the days of the range (one day: that day alone).
    expect(filename).toMatch(/^orders-\d{4}-\d{2}-\d{2}(-to-\d{4}-\d{2}-\d{2})?\.csv$/);
    const lines = csv.slice(1).trimEnd().split("\r\n");
    expect(lines[0]!.split(",")).toContain("orderId");
    expect(lines).toHaveLength(4);
    for (const order of placed) expect(lines.filter((line) => line.includes(order.id))).toHaveLength(1);
    expect(lines.find((line) => line.includes(placed[2]!.id))).toMatch(/,platform,/);
  });

  it("exports in the reader's dialect (pt-BR: ';', decimal comma, dd/mm/aaaa) and as XLSX with typed cells", async () => {
    const words = {
      header: (column: string) => column,
      status: (column: string) => `status:${column}`,
      type: (type: string) => `type:${type}`,
      platformStatus: (status: string) => `platform:${status}`,
      source: (source: string) => `source:${source}`,
      payment: (line: { method: string | null; type: string | null }) => `pay:${line.method}/${line.type}`,
      fileName: ({ fromDay, toDay }: { fromDay: string; toDay: string }) => `pedidos ção-${fromDay}/${toDay}`,
      locale: "pt-BR",
    };
    const { csv, filename } = await exportHistoryCsv(fixture.database.db, scope(), filters(), words);
    // The name in the viewer's words, kept to what a Content-Disposition header and any disk take.
    expect(filename).toMatch(/^pedidos-cao-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...lines] = parseCsv(csv, ";");
    const at = (name: string) => header!.indexOf(name);
    expect(header).toHaveLength(22);
    for (const line of lines) expect(line).toHaveLength(22);
    const local = lines.find((line) => line[at("orderId")] === placed[0]!.id)!;
    expect(local[at("total")]).toMatch(/^\d+,\d{2}$/);
    // The money columns add up: items + fees − discount = total (in cents, read as pt-BR writes them).
    const cents = (cell: string | undefined) => Math.round(Number((cell || "0").replace(",", ".")) * 100);
    expect(cents(local[at("itemsPrice")]) + cents(local[at("fees")]) - cents(local[at("discount")])).toBe(
      cents(local[at("total")]),
    );
    expect(local[at("placedAtLocal")]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(local[at("source")]).toMatch(/^source:(both|comanda)$/);
    expect(local[at("payment")]).toMatch(/^pay:[A-Z_]+\/[A-Z]+ \d+,\d{2}/);
    // No raw source code in the rows (the header names a "platform" column: left out).
    expect(csv.split("\r\n").slice(1).join("\r\n")).not.toMatch(/;(both|platform|comanda);/);
    // Every row names its channel and platform, an order only the platform listed too.
    expect(local[at("channel")]).not.toBe("");
    expect(local[at("platform")]).not.toBe("");
    const platformOnly = lines.find((line) => line[at("orderId")] === placed[2]!.id)!;
    expect([platformOnly[at("channel")], platformOnly[at("platform")]]).toEqual([
      local[at("channel")],
      local[at("platform")],
    ]);

    const { body } = await exportHistory(fixture.database.db, scope(), filters(), words, "xlsx");
    const records = await xlsxRecords(body as Buffer);
    const record = records.find((candidate) => candidate.orderId === placed[0]!.id)!;
    expect(typeof record.total).toBe("number");
    expect(record.total as number).toBeGreaterThan(0);
    // A date of today, in the store's wall time (a spreadsheet date has no zone: read back as UTC).
    expect(record.placedAtLocal).toBeInstanceOf(Date);
    expect(Math.abs((record.placedAtLocal as unknown as Date).getTime() - Date.now())).toBeLessThan(86_400_000);
  });

  it("exports customers named like formulas as text a spreadsheet does not run, in CSV and XLSX", async () => {
    const names = ["+1+2", "-1+1+cmd|' /C calc'!A0", '=HYPERLINK("http://x","y")', "@SUM(1)", " =1+1", "＝1+1"];
    const orders = new Map<string, string>();
    for (const customerName of names) {
      const { orderId } = await fixture.sandbox.control<{ orderId: string }>("POST", "/control/orders", {
        merchantId: merchant.merchantId,
        type: "TAKEOUT",
        orderTiming: "INSTANT",
        customerName,
      });
      orders.set(orderId, customerName);
    }
    await fixture.store.connection.poller.pollOnce();
    const formula = (cell: string) => /^(?:[\t\r]|\s*[=+\-@＝＋－＠])/u.test(cell);
    for (const locale of ["pt-BR", "en"] as const) {
      const separator = locale === "pt-BR" ? ";" : ",";
      const words = { header: (column: string) => column, status: String, type: String, locale };
      const { csv } = await exportHistoryCsv(fixture.database.db, scope(), filters(), words);
      const [header, ...lines] = parseCsv(csv, separator);
      const at = (name: string) => header!.indexOf(name);
      for (const [orderId, name] of orders) {
        const line = lines.find((cells) => cells[at("orderId")] === orderId)!;
        // Shown as typed (trimmed when stored), behind the apostrophe that tells a spreadsheet "text".
        expect(line[at("customer")]).toBe(`'${name.trim()}`);
      }
      for (const line of lines) {
        for (const [index, cell] of line.entries())
          expect(formula(cell), `${header![index]}: ${JSON.stringify(cell)}`).toBe(false);
        // The amounts stay numbers a spreadsheet sums.
        expect(line[at("total")]).toMatch(locale === "pt-BR" ? /^-?\d+,\d{2}$/ : /^-?\d+\.\d{2}$/);
      }

      // XLSX: text cells are strings (shared strings, never a formula element), shown as typed.
      const { body } = await exportHistory(fixture.database.db, scope(), filters(), words, "xlsx");
      expect(xlsxSheetXml(body as Buffer)).not.toMatch(/<f[ >]/);
      const records = await xlsxRecords(body as Buffer);
      for (const [orderId, name] of orders) {
        const record = records.find((candidate) => candidate.orderId === orderId)!;
        expect(record.customer).toBe(name.trim());
        expect(typeof record.total).toBe("number");
      }
    }
  });

  // Last: it moves an order on the platform behind Comanda's back.
  it("shows both statuses when the platform's differs from Comanda's", async () => {
    // Confirmed on the platform (another system, or Comanda's answer lost) and not polled since.
    const response = await fixture.store.connection.client.orderAction(placed[0]!.id, "confirm", {
      createdAt: new Date().toISOString(),
      orderExternalCode: "X-1",
    });
    expect(response.status).toBe(202);
    const page = await listHistory(fixture.database.db, scope(), filters({ q: placed[0]!.displayId }));
    expect(page.rows).toEqual([
      expect.objectContaining({
        id: placed[0]!.id,
        column: "new",
        platformStatus: "CONFIRMED",
        statusesDiffer: true,
        source: "both",
      }),
    ]);
    const agreeing = await listHistory(fixture.database.db, scope(), filters({ q: placed[1]!.displayId }));
    expect(agreeing.rows).toEqual([expect.objectContaining({ platformStatus: "CREATED", statusesDiffer: false })]);
  });

  it("exports the platform's cancellation reason", async () => {
    const order = await place("TAKEOUT");
    await fixture.store.connection.poller.pollOnce();
    const response = await fixture.store.connection.client.orderAction(order.id, "requestCancellation", {
      reason: "Acabou a massa, desculpe",
      code: "UNAVAILABLE_ITEM",
      mode: "MANUAL",
    });
    expect(response.status).toBe(202);
    await fixture.store.connection.poller.pollOnce();
    const { csv } = await exportHistoryCsv(fixture.database.db, scope(), filters({ q: order.displayId }), {
      header: (column) => column,
      status: (column) => column,
      type: (type) => type,
      locale: "en",
    });
    const [header, line] = csv.slice(1).trimEnd().split("\r\n");
    expect(header!.split(",").at(-1)).toBe("cancellationReason");
    expect(line).toMatch(/,cancelled,CANCELLED,/);
    expect(line).toMatch(/,"Acabou a massa, desculpe \(UNAVAILABLE_ITEM\)"$/);
  });
});
