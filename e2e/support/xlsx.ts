import { inflateRawSync } from "node:zlib";
import { crc32 } from "../../lib/xlsx/zip";

/**
 * Reads an XLSX (a ZIP) back from its central directory, as a spreadsheet does: each part
 * inflated and its CRC-32 checked. Throws on anything a reader would refuse.
 */
export function readXlsxParts(file: Buffer): Map<string, string> {
  const end = file.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error("no end of central directory: not a ZIP");
  const count = file.readUInt16LE(end + 10);
  let at = file.readUInt32LE(end + 16);
  const parts = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    if (file.readUInt32LE(at) !== 0x02014b50) throw new Error(`bad central directory entry at ${at}`);
    const method = file.readUInt16LE(at + 10);
    const crc = file.readUInt32LE(at + 16);
    const size = file.readUInt32LE(at + 20);
    const nameLength = file.readUInt16LE(at + 28);
    const extra = file.readUInt16LE(at + 30) + file.readUInt16LE(at + 32);
    const local = file.readUInt32LE(at + 42);
    const name = file.subarray(at + 46, at + 46 + nameLength).toString("utf8");
    if (file.readUInt32LE(local) !== 0x04034b50) throw new Error(`bad local header of ${name}`);
    const dataStart = local + 30 + file.readUInt16LE(local + 26) + file.readUInt16LE(local + 28);
    const raw = file.subarray(dataStart, dataStart + size);
    const data = method === 8 ? inflateRawSync(raw) : raw;
    if (crc32(data) !== crc) throw new Error(`CRC mismatch in ${name}`);
    parts.set(name, data.toString("utf8"));
    at += 46 + nameLength + extra;
  }
  return parts;
}

/** The cells of sheet1 as { ref: { type, value } } (inline strings and numbers, as our writer writes them). */
export function xlsxCells(file: Buffer): Map<string, { type: "text" | "number"; value: string; style: string | null }> {
  const sheet = readXlsxParts(file).get("xl/worksheets/sheet1.xml") ?? "";
  const cells = new Map<string, { type: "text" | "number"; value: string; style: string | null }>();
  for (const match of sheet.matchAll(/<c r="([A-Z]+\d+)"([^>]*)>(.*?)<\/c>/g)) {
    const [, ref, attributes, inner] = match as unknown as [string, string, string, string];
    const style = /s="(\d+)"/.exec(attributes)?.[1] ?? null;
    if (attributes.includes('t="inlineStr"')) {
      cells.set(ref, { type: "text", value: /<t[^>]*>(.*?)<\/t>/.exec(inner)?.[1] ?? "", style });
    } else {
      cells.set(ref, { type: "number", value: /<v>(.*?)<\/v>/.exec(inner)?.[1] ?? "", style });
    }
  }
  return cells;
}
