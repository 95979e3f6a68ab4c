import net from "node:net";

/**
 * A network thermal printer for tests: listens on a TCP port (raw "9100" printing) and decodes
 * what it receives as a printer would — ESC/POS commands taken out, text decoded in the code page
 * selected with ESC t, bold and double size noted per line, the cut detected. Its code-page
 * tables come from Python's cp850/cp860 codecs, not from the encoder library Comanda uses, so the
 * two cannot be wrong the same way. It can be off (port closed), answer garbage or never read.
 */

const UPPER_HALF: Record<number, string> = {
  // ESC t n, Epson's table numbers.
  0: "ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0",
  2: "ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜø£Ø×ƒáíóúñÑªº¿®¬½¼¡«»░▒▓│┤ÁÂÀ©╣║╗╝¢¥┐└┴┬├─┼ãÃ╚╔╩╦╠═╬¤ðÐÊËÈıÍÎÏ┘┌█▄¦Ì▀ÓßÔÒõÕµþÞÚÛÙýÝ¯´\u00ad±‗¾¶§÷¸°¨·¹³²■\u00a0",
  3: "ÇüéâãàÁçêÊèÍÔìÃÂÉÀÈôõòÚùÌÕÜ¢£Ù₧ÓáíóúñÑªº¿Ò¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0",
};

export interface PrintedLine {
  text: string;
  bold: boolean;
  /** Double width or height (GS ! with a size set). */
  large: boolean;
}

export interface PrintedTicket {
  lines: PrintedLine[];
  /** The whole text, lines joined with "\n". */
  text: string;
  cut: boolean;
  /** The code page table selected last (ESC t n), or null if none was. */
  codeTable: number | null;
  receivedAt: number;
}

/** Decodes one connection's bytes. Unknown ESC/GS commands are skipped by their usual lengths. */
export function decodeEscPos(bytes: Uint8Array): Omit<PrintedTicket, "receivedAt"> {
  const lines: PrintedLine[] = [];
  let table: number | null = null;
  let bold = false;
  let large = false;
  let cut = false;
  let current = "";
  let currentBold = false;
  let currentLarge = false;
  const endLine = () => {
    lines.push({ text: current, bold: currentBold, large: currentLarge });
    current = "";
    currentBold = false;
    currentLarge = false;
  };
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    if (byte === 0x1b) {
      const command = bytes[i + 1];
      if (command === 0x40)
        i += 1; // ESC @ initialise
      else if (command === 0x74) {
        table = bytes[i + 2] ?? null;
        i += 2;
      } else if (command === 0x45) {
        bold = (bytes[i + 2] ?? 0) % 2 === 1;
        i += 2;
      } else if (command === 0x32)
        i += 1; // ESC 2 default line spacing
      else i += 2; // ESC a/M/-/d/J/3/! n …
    } else if (byte === 0x1d) {
      const command = bytes[i + 1];
      if (command === 0x21) {
        large = (bytes[i + 2] ?? 0) !== 0;
        i += 2;
      } else if (command === 0x56) {
        cut = true;
        const mode = bytes[i + 2] ?? 0;
        i += mode === 65 || mode === 66 || mode === 97 || mode === 98 ? 3 : 2;
      } else i += 2;
    } else if (byte === 0x1c) {
      i += 1; // FS . / FS & (Kanji mode)
    } else if (byte === 0x0a) {
      endLine();
    } else if (byte < 0x20) {
      // CR and the rest: no text.
    } else {
      const char = byte < 0x80 ? String.fromCharCode(byte) : (UPPER_HALF[table ?? 0]?.[byte - 0x80] ?? "\ufffd");
      current += char;
      if (char.trim()) {
        currentBold ||= bold;
        currentLarge ||= large;
      }
    }
  }
  if (current) endLine();
  const printed = lines.filter((line, index) => line.text.trim() || index < lines.length - 1);
  return { lines: printed, text: printed.map((line) => line.text).join("\n"), cut, codeTable: table };
}

export interface FakePrinter {
  port: number;
  tickets: PrintedTicket[];
  /** Resolves once `count` tickets have arrived. */
  waitForTickets(count: number): Promise<PrintedTicket[]>;
  /** Closes the port: connections are refused, as with a printer switched off. */
  off(): Promise<void>;
  /** Listens again on the same port. */
  on(): Promise<void>;
  stop(): Promise<void>;
}

export type FakePrinterMode = "print" | "garbage" | "silent";

/**
 * "print": reads until the sender closes, then decodes the ticket. "garbage": answers random bytes
 * and prints nothing. "silent": accepts and never reads, never answers, never closes.
 */
export async function startFakePrinter(mode: FakePrinterMode = "print", port = 0): Promise<FakePrinter> {
  const tickets: PrintedTicket[] = [];
  const waiters: Array<{ count: number; resolve: (tickets: PrintedTicket[]) => void }> = [];
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  const handle = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => undefined);
    if (mode === "silent") return socket.pause();
    if (mode === "garbage") {
      socket.write(Buffer.from([0x12, 0xff, 0x00, 0x7f, 0x1b, 0x40, 0x99]));
      socket.on("data", () => socket.write("?!#\u0000"));
      return;
    }
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("end", () => {
      tickets.push({ ...decodeEscPos(Buffer.concat(chunks)), receivedAt: Date.now() });
      socket.end();
      for (const waiter of [...waiters]) {
        if (tickets.length >= waiter.count) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(tickets.slice());
        }
      }
    });
  };
  const listen = (at: number) =>
    new Promise<number>((resolve, reject) => {
      const next = net.createServer(handle);
      next.once("error", reject);
      next.listen(at, "127.0.0.1", () => {
        server = next;
        resolve((next.address() as net.AddressInfo).port);
      });
    });
  const close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (!server) return resolve();
      server.close(() => resolve());
      server = null;
    });
  const bound = await listen(port);
  return {
    port: bound,
    tickets,
    waitForTickets: (count) =>
      tickets.length >= count
        ? Promise.resolve(tickets.slice())
        : new Promise((resolve) => waiters.push({ count, resolve })),
    off: close,
    on: async () => void (await listen(bound)),
    stop: close,
  };
}
