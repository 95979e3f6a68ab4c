import { describe, expect, it } from "vitest";
import { columnName, dateSerial, xlsx, xmlText } from "./workbook";
import { crc32 } from "./zip";
import { readXlsxParts as unzip } from "@/e2e/support/xlsx";

describe("XLSX writer", () => {
  it("computes CRC-32 as ZIP does", () => {
    expect(crc32(new TextEncoder().encode("123456789"))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array())).toBe(0);
  });

  it("names columns and dates as a spreadsheet does", () => {
    expect([0, 25, 26, 27, 701, 702].map(columnName)).toEqual(["A", "Z", "AA", "AB", "ZZ", "AAA"]);
    // 1970-01-01 00:00 wall time is serial 25569; 21:40 in São Paulo is 00:40 UTC the next day.
    expect(dateSerial(new Date("1970-01-01T00:00:00Z"), "UTC")).toBe(25569);
    expect(dateSerial(new Date("2026-11-23T00:40:00Z"), "America/Sao_Paulo")).toBeCloseTo(
      46348 + 21 / 24 + 40 / 1440,
      9,
    );
    expect(xmlText('a<b & "c"\u0001')).toBe("a&lt;b &amp; &quot;c&quot;");
  });

  it("writes a workbook whose parts read back with typed cells", () => {
    const file = xlsx(
      {
        name: "Pedidos: 2026/11",
        header: ["Loja", "Total", "Feito em", "Itens"],
        rows: [
          [
            { kind: "text", value: "Pizzaria <Centro> & Cia" },
            { kind: "number", value: 93.9, decimals: 2 },
            { kind: "date", value: new Date("2026-11-23T00:40:00Z"), timeZone: "America/Sao_Paulo" },
            { kind: "number", value: 3 },
          ],
          [{ kind: "text", value: "Conceição" }, null, null, { kind: "number", value: Number.NaN }],
        ],
      },
      { dateFormat: "dd/mm/yyyy hh:mm", modified: new Date("2026-11-23T12:00:00Z") },
    );
    const parts = unzip(file);
    expect([...parts.keys()]).toEqual([
      "[Content_Types].xml",
      "_rels/.rels",
      "xl/workbook.xml",
      "xl/_rels/workbook.xml.rels",
      "xl/styles.xml",
      "xl/worksheets/sheet1.xml",
    ]);
    const sheet = parts.get("xl/worksheets/sheet1.xml")!;
    expect(sheet).toContain('<c r="A1" t="inlineStr" s="1"><is><t xml:space="preserve">Loja</t></is></c>');
    expect(sheet).toContain("Pizzaria &lt;Centro&gt; &amp; Cia");
    // Numbers are numbers (no t attribute: numeric), with a 2-decimal style.
    expect(sheet).toContain('<c r="B2" s="3"><v>93.9</v></c>');
    expect(sheet).toContain('<c r="D2" s="2"><v>3</v></c>');
    // The date is a serial in the store's wall time, with the date style.
    const serial = Number(/<c r="C2" s="4"><v>([\d.]+)<\/v><\/c>/.exec(sheet)?.[1]);
    expect(serial).toBeCloseTo(46348.902777, 5);
    expect(sheet).toContain(
      '<row r="3"><c r="A3" t="inlineStr"><is><t xml:space="preserve">Conceição</t></is></c></row>',
    );
    expect(parts.get("xl/styles.xml")).toContain('formatCode="dd/mm/yyyy hh:mm"');
    expect(parts.get("xl/workbook.xml")).toContain('<sheet name="Pedidos  2026 11"');
    expect(parts.get("[Content_Types].xml")).toContain("spreadsheetml.sheet.main+xml");
  });
});
