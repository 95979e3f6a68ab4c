import "server-only";
import ReceiptPrinterEncoder from "@point-of-sale/receipt-printer-encoder";
import type { PaperWidth, PrinterCodePage } from "@/lib/contract/printers";
import type { PrintLine } from "./ticket-text";

/** Font A columns per paper roll. */
export function columnsFor(paperWidth: PaperWidth): number {
  return paperWidth === 58 ? 32 : 48;
}

/**
 * The ESC/POS bytes of a ticket, through the encoder library: it selects the code page (ESC t,
 * Epson's table numbers, which Elgin and Bematech follow in ESC/POS mode) and encodes each
 * character in it; a character the page lacks prints as "?". Ends with a feed and a cut.
 */
export function encodeTicket(
  lines: readonly PrintLine[],
  codePage: PrinterCodePage,
  paperWidth: PaperWidth,
): Uint8Array {
  const encoder = new ReceiptPrinterEncoder({
    language: "esc-pos",
    columns: columnsFor(paperWidth),
    codepageMapping: "epson",
    newline: "\n",
    feedBeforeCut: 4,
  });
  encoder.initialize().codepage(codePage);
  for (const line of lines) {
    encoder.align(line.align);
    encoder.bold(line.style !== "normal");
    if (line.style === "large") encoder.size(2, 2);
    encoder.line(line.text);
    if (line.style === "large") encoder.size(1, 1);
  }
  return encoder.bold(false).align("left").cut("partial").encode();
}
