import "server-only";
import net from "node:net";
import { printerLookup, refusedPrinterAddress, RefusedPrinterAddressError } from "./address";

export interface PrinterAddress {
  host: string;
  port: number;
}

/** How one ticket reaches a printer; the worker takes another in tests (none of ours are mocked there). */
export type SendToPrinter = (printer: PrinterAddress, bytes: Uint8Array, timeoutMs: number) => Promise<void>;

/**
 * Sends the bytes over raw TCP (the "9100" / JetDirect protocol: no handshake, no answer) and
 * resolves once the printer's side has received them all and the connection closed cleanly. The
 * whole exchange — connect, write, close — must finish within `timeoutMs`: a printer that is off
 * (no answer to the SYN), or one that accepts but never reads, fails fast instead of holding the
 * worker. Whatever the printer sends back (status bytes, garbage) is read and ignored.
 */
export const sendToPrinter: SendToPrinter = (printer, bytes, timeoutMs) =>
  new Promise<void>((resolve, reject) => {
    const why = refusedPrinterAddress(printer.host);
    if (why) return reject(new RefusedPrinterAddressError(printer.host, why));
    const socket = net.connect({ host: printer.host, port: printer.port, lookup: printerLookup });
    let settled = false;
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      if (error) reject(error);
      else resolve();
    };
    const timer = setTimeout(
      () => finish(new Error(`no answer from ${printer.host}:${printer.port} within ${timeoutMs} ms`)),
      timeoutMs,
    );
    socket.on("data", () => undefined);
    socket.once("error", (error) => finish(error));
    socket.once("connect", () => {
      // end() flushes the bytes and half-closes; "finish" fires once the kernel has taken them all.
      socket.end(bytes, () => finish());
    });
  });
