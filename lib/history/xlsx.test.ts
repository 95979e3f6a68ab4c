import { describe, expect, it } from "vitest";
import readXlsxFile from "read-excel-file/node";
import { wallClock, xlsx, xmlSafe } from "./xlsx";

describe("the history's XLSX", () => {
  it("shows an instant at the store's wall time and drops what XML cannot hold", () => {
    // 21:40 in São Paulo is 00:40 UTC the next day.
    expect(wallClock(new Date("2026-11-23T00:40:00Z"), "America/Sao_Paulo").toISOString()).toBe(
      "2026-11-22T21:40:00.000Z",
    );
    expect(xmlSafe('a<b & "c"\u0001\uD800')).toBe('a<b & "c"');
  });

  it("reads back in a spreadsheet library with typed cells", async () => {
    const file = await xlsx(
      {
        name: "Pedidos: 2026/11",
        header: ["Loja", "Total", "Feito em", "Itens"],
        rows: [
          [
            { kind: "text", value: "Pizzaria <Centro> & Cia\u0000" },
            { kind: "number", value: 93.9, decimals: 2 },
            { kind: "date", value: new Date("2026-11-23T00:40:00Z"), timeZone: "America/Sao_Paulo" },
            { kind: "number", value: 3 },
          ],
          [{ kind: "text", value: "Conceição" }, null, null, { kind: "number", value: Number.NaN }],
        ],
      },
      { dateFormat: "dd/mm/yyyy hh:mm" },
    );
    const [sheet] = await readXlsxFile(file);
    expect(sheet?.sheet).toBe("Pedidos  2026 11");
    expect(sheet?.data).toEqual([
      ["Loja", "Total", "Feito em", "Itens"],
      ["Pizzaria <Centro> & Cia", 93.9, new Date("2026-11-22T21:40:00.000Z"), 3],
      ["Conceição", null, null, null],
    ]);
  });
});
