import { describe, expect, it } from "vitest";
import type { AdminOrder } from "@/lib/platform/admin/schemas";
import { csvField, itemsText, paymentLines, toCsv } from "./csv";
import { localParts, startOfLocalDay } from "@/lib/time/local-days";
import { dateRange } from "./filters";
import { filtersQuery, historyFiltersSchema } from "@/lib/contract/history";
import { platformOnlyRow, platformRowMatches, withPlatformStatus } from "./merge";
import { rowComparator, storeRanks } from "./sorting";
import { type HistorySort } from "@/lib/contract/history";
import { statusesDiffer } from "./statuses";
import type { HistoryRow } from "./types";

const SP = "America/Sao_Paulo";

describe("history filters", () => {
  it("reads blank fields as 'any' and refuses bad values with the field named", () => {
    expect(historyFiltersSchema.parse({ q: "  ", status: "", cursor: "" })).toMatchObject({
      q: undefined,
      status: undefined,
      cursor: undefined,
    });
    expect(historyFiltersSchema.parse({ q: " Maria ", status: "done", type: "TAKEOUT" })).toMatchObject({
      q: "Maria",
      status: "done",
      type: "TAKEOUT",
    });
    expect(historyFiltersSchema.safeParse({ from: "22/11/2026" }).error?.issues[0]?.path).toEqual(["from"]);
    expect(historyFiltersSchema.safeParse({ status: "lost" }).success).toBe(false);
    expect(historyFiltersSchema.safeParse({ cursor: "not a cursor" }).success).toBe(false);
  });

  it("turns days in the store's zone into instants, to-day inclusive", () => {
    expect(startOfLocalDay("2026-11-22", SP).toISOString()).toBe("2026-11-22T03:00:00.000Z");
    const range = dateRange({ from: "2026-11-01", to: "2026-11-22" }, SP);
    expect(range.from.toISOString()).toBe("2026-11-01T03:00:00.000Z");
    expect(range.to.toISOString()).toBe("2026-11-23T03:00:00.000Z");
    // 01:30 UTC on the 23rd is still the 22nd in São Paulo.
    expect(localParts(new Date("2026-11-23T01:30:00Z"), SP).day).toBe("2026-11-22");
  });

  it("defaults to the last 30 days and swaps reversed dates", () => {
    const range = dateRange({}, SP, new Date("2026-11-23T01:30:00Z"));
    expect([range.fromDay, range.toDay]).toEqual(["2026-10-24", "2026-11-22"]);
    expect(dateRange({ from: "2026-11-10", to: "2026-11-01" }, SP)).toMatchObject({
      fromDay: "2026-11-01",
      toDay: "2026-11-10",
    });
  });

  it("writes filters back into a query string, leaving blanks out, and reads its cursor back", () => {
    expect(filtersQuery({ q: "Ana Souza", status: "done", type: "" })).toBe("q=Ana+Souza&status=done");
    const cursor = { d: "n", k: 1234, t: "2026-03-10T12:00:00.000Z", i: "order-ção", p: 2 } as const;
    const query = filtersQuery({ q: "x" }, { cursor });
    expect(historyFiltersSchema.parse(Object.fromEntries(new URLSearchParams(query)))).toMatchObject({
      q: "x",
      cursor,
    });
    expect(historyFiltersSchema.safeParse({ cursor: "bm90LWpzb24" }).success).toBe(false);
  });
});

describe("CSV", () => {
  it("quotes what needs quoting and defuses spreadsheet formulas", () => {
    expect(csvField("Pizzaria Bella Napoli")).toBe("Pizzaria Bella Napoli");
    expect(csvField('Disse "sem cebola", por favor')).toBe('"Disse ""sem cebola"", por favor"');
    expect(csvField("linha 1\nlinha 2")).toBe('"linha 1\nlinha 2"');
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField(null)).toBe("");
  });

  it("defuses every text a spreadsheet would run, a sign and digits included", () => {
    for (const text of [
      "+1+2",
      "-1+1+cmd|' /C calc'!A0",
      "@SUM(A1:A9)",
      "\t=1+1",
      "\r=1+1",
      "  =1+1",
      "\u00a0+1",
      "\u3000=1",
      "\uff1d1+1",
      "\uff0b1",
      "+5511987654321",
      "-",
    ])
      expect(csvField(text).replace(/^"/, "")).toMatch(/^'/);
    expect(csvField("Ana - Mesa 4")).toBe("Ana - Mesa 4");
    expect(csvField("(11) 98765-4321")).toBe("(11) 98765-4321");
  });

  it("writes numbers as numbers in the reader's dialect, negative ones too", () => {
    expect(csvField({ number: 93.9, decimals: 2 })).toBe("93.90");
    expect(csvField({ number: -5, decimals: 2 })).toBe("-5.00");
    expect(csvField({ number: -5, decimals: 2 }, ",")).toBe('"-5,00"');
    expect(csvField({ number: 3, decimals: 0 })).toBe("3");
    expect(csvField({ number: Number.NaN, decimals: 2 })).toBe("");
    expect(toCsv(["total"], [[{ number: -12.5, decimals: 2 }]], ";")).toBe('\uFEFFtotal\r\n"-12,50"\r\n');
  });

  it("starts with a BOM and ends every line with CRLF", () => {
    expect(toCsv(["a", "b"], [["1", "ção"]])).toBe("\uFEFFa,b\r\n1,ção\r\n");
    // The pt-BR dialect: ";" between fields, so "93,90" stays one field.
    expect(toCsv(["a", "b"], [["93,90", "x;y"]], ";")).toBe('\uFEFFa;b\r\n"93,90";"x;y"\r\n');
  });

  it("describes items and payments from the platform's raw details", () => {
    const details = {
      items: [
        { name: "Pizza Grande", quantity: 1, options: [{ name: "1/2 Calabresa" }, { name: "1/2 Margherita" }] },
        { name: "Coca-Cola 2 L", quantity: 2 },
      ],
      payments: { methods: [{ method: "PIX", type: "PREPAID", value: 93.9 }] },
    };
    expect(itemsText(details)).toBe("1× Pizza Grande (1/2 Calabresa, 1/2 Margherita); 2× Coca-Cola 2 L");
    expect(paymentLines(details)).toEqual([{ method: "PIX", type: "PREPAID", value: 93.9 }]);
    expect(itemsText(null)).toBe("");
  });
});

const row = (id: string, placedAt: string, extra: Partial<HistoryRow> = {}): HistoryRow => ({
  id,
  storeId: "s1",
  storeName: "Loja",
  channelId: "s1",
  channelLabel: "App 1",
  channelColor: "#2563eb",
  platformName: "Sandbox",
  displayId: id,
  placedAt,
  type: "DELIVERY",
  column: "done",
  platformStatus: null,
  statusesDiffer: false,
  customerName: "Ana",
  phone: null,
  total: null,
  source: "comanda",
  ...extra,
});

const adminOrder = (id: string, createdAt: string, extra: Partial<AdminOrder> = {}): AdminOrder => ({
  id,
  displayId: id,
  status: "DONE",
  type: "DELIVERY",
  timing: "INSTANT",
  createdAt,
  lastEvent: null,
  customerName: "João Conceição",
  total: { value: 10, currency: "BRL" },
  ...extra,
});

describe("merging Comanda's history with the platform's list", () => {
  it("marks orders both have, and shows the platform's status only when it tells another story", () => {
    const listed = new Map([
      ["a", { storeId: "s1", storeName: "Loja", channelId: "s1", order: adminOrder("a", "2026-11-22T10:00:00Z") }],
      [
        "b",
        {
          storeId: "s1",
          storeName: "Loja",
          channelId: "s1",
          order: adminOrder("b", "2026-11-22T11:00:00Z", { status: "CANCELLED" }),
        },
      ],
    ]);
    const merged = withPlatformStatus(
      [row("a", "2026-11-22T10:00:00Z"), row("b", "2026-11-22T11:00:00Z"), row("c", "2026-11-22T12:00:00Z")],
      listed,
    );
    expect(merged.map((r) => [r.id, r.source, r.statusesDiffer])).toEqual([
      ["a", "both", false],
      ["b", "both", true],
      ["c", "comanda", false],
    ]);
    expect(statusesDiffer("ready", "IN_TRANSIT")).toBe(false);
    expect(statusesDiffer("new", "SOMETHING_NEW")).toBe(true);
  });

  it("sorts by total, store, type and status with missing values last and newest first on ties", () => {
    const spec = (sort: HistorySort, dir: "asc" | "desc") => ({
      sort,
      dir,
      storeRank: storeRanks([
        { id: "s2", name: "Zona Sul" },
        { id: "s1", name: "Água Branca" },
      ]),
    });
    const rows = [
      { ...row("a", "2026-11-22T10:00:00Z"), storeId: "s2", total: { value: 10, currency: "BRL" } },
      { ...row("b", "2026-11-22T11:00:00Z"), storeId: "s1", total: null, type: "INDOOR" },
      { ...row("c", "2026-11-22T12:00:00Z"), storeId: "s1", total: { value: 99.9, currency: "BRL" } },
      { ...row("d", "2026-11-22T13:00:00Z"), storeId: "s2", total: { value: 10, currency: "BRL" }, column: null },
    ];
    const ids = (sort: HistorySort, dir: "asc" | "desc") =>
      [...rows].sort(rowComparator(spec(sort, dir))).map((r) => r.id);
    expect(ids("total", "desc")).toEqual(["c", "d", "a", "b"]);
    expect(ids("total", "asc")).toEqual(["d", "a", "c", "b"]);
    expect(ids("store", "asc")).toEqual(["c", "b", "d", "a"]);
    expect(ids("placedAt", "asc")).toEqual(["a", "b", "c", "d"]);
    expect(ids("type", "asc")).toEqual(["d", "c", "a", "b"]);
    expect(ids("status", "desc")[3]).toBe("d");
  });

  it("filters orders only the platform has by display id, name (accents ignored), type, status and channel", () => {
    const only = platformOnlyRow({
      storeId: "s1",
      storeName: "Loja",
      channelId: "s1",
      order: adminOrder("1042", "2026-11-22T10:00:00Z", { status: "CANCELLED" }),
    });
    expect(platformRowMatches(only, { q: "#1042" })).toBe(true);
    expect(platformRowMatches(only, { q: "conceicao" })).toBe(true);
    expect(platformRowMatches(only, { q: "11987654321" })).toBe(false);
    expect(platformRowMatches(only, { status: "cancelled", type: "DELIVERY" })).toBe(true);
    expect(platformRowMatches(only, { status: "done" })).toBe(false);
    expect(platformRowMatches(only, { type: "TAKEOUT" })).toBe(false);
    expect(platformRowMatches(only, { channel: "s1" })).toBe(true);
    expect(platformRowMatches(only, { channel: "another-channel" })).toBe(false);
  });
});
