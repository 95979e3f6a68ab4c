import { z } from "zod";
import { lineText, serialId } from "./text";

/**
 * A store's kitchen printers (issue 27 point 11): network thermal printers that speak ESC/POS
 * over TCP. GET/PUT /api/manager/stores/{storeId}/printers (manager only: a printer's address is
 * not secret, but it is the store's internal network).
 */

/** Code pages with Portuguese letters that ESC/POS kitchen printers carry (Epson, Elgin, Bematech). */
export const PRINTER_CODE_PAGES = ["cp860", "cp850"] as const;
export type PrinterCodePage = (typeof PRINTER_CODE_PAGES)[number];
/** Paper rolls: 58 mm prints 32 columns of font A, 80 mm prints 48. */
export const PAPER_WIDTHS = [58, 80] as const;
export type PaperWidth = (typeof PAPER_WIDTHS)[number];
export const MAX_PRINTERS_PER_STORE = 8;

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const HOST_NAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;
// Hex groups and colons, with an optional IPv4 tail: a literal, never a URL or a zone.
const IPV6 = /^[0-9a-f:]{2,39}(:\d+\.\d+\.\d+\.\d+)?$/i;

/**
 * A host name or an IP literal, nothing else: no scheme, path, port, user or brackets, so it can
 * only ever name a machine. Which machines may be reached (no loopback, link-local or cloud
 * metadata) is decided on the server when saving and again when connecting (lib/printers/address.ts).
 */
export const printerHost = lineText(253).refine(
  (value) =>
    IPV4.test(value) ||
    (value.includes(":") ? IPV6.test(value) : HOST_NAME.test(value) && !/^\d+(\.\d+)*$/.test(value)),
  "must be a host name or an IP address, without http://, a path or a port",
);

/**
 * Ports below 1024 are the well-known services (SSH, SMTP, HTTP…), never a raw print port:
 * refused, so a printer entry cannot make the server talk to them.
 */
export const printerPort = z.number().int().min(1024).max(65_535);

/** A station's id as a JSON number: not coerced, so `true` or "3" in a body is refused, not station 1 or 3. */
const stationRef = z.int().min(1).max(2_147_483_647);

export const printerInputSchema = z.strictObject({
  /** Absent for a new printer; a saved one keeps its id (its waiting jobs go with it). */
  id: z.optional(serialId),
  name: lineText(40).pipe(z.string().min(1, "must not be empty")),
  host: printerHost,
  port: printerPort.default(9100),
  codePage: z.enum(PRINTER_CODE_PAGES),
  paperWidth: z.union([z.literal(58), z.literal(80)]),
  enabled: z.boolean(),
  /** The kitchen station whose lines it prints (one of the store's); null: the whole ticket (expo). */
  stationId: z.nullable(stationRef).default(null),
});
export type PrinterInput = z.input<typeof printerInputSchema>;

/** The store's whole list, replaced at once: a printer left out is deleted with its waiting jobs. */
export const printersInputSchema = z.strictObject({
  printers: z.array(printerInputSchema).max(MAX_PRINTERS_PER_STORE),
});

export const printerSchema = printerInputSchema.extend({
  id: serialId,
  port: printerPort,
  stationId: z.nullable(stationRef),
});
export type Printer = z.infer<typeof printerSchema>;
export const printersSchema = z.strictObject({ printers: z.array(printerSchema) });
export type Printers = z.infer<typeof printersSchema>;

/**
 * What a kitchen printer prints for one order, as it was when confirmed (stored with each job, so
 * a restart prints the same ticket). Built by lib/printers/ticket.ts.
 */
export interface KitchenTicket {
  displayId: string;
  /** DELIVERY, TAKEOUT, INDOOR, or the platform's own word. */
  type: string;
  customerName: string | null;
  /** INDOOR: the table or tab. */
  place: string | null;
  /** The platform courier's pickup code, when the platform delivers (absent on jobs queued before it). */
  pickupCode?: string | null;
  /**
   * A takeout's address for the NFC-e, on the whole-order ticket only: the counter issues the
   * invoice when the customer collects; a station's ticket has no use for a customer's address.
   */
  billingAddress?: string | null;
  placedAt: string;
  confirmedAt: string;
  scheduledFor: string | null;
  /**
   * The channel the order came from, when its restaurant has several (issue 28): the number is
   * that platform's. Absent on one-channel kitchens and on jobs queued before channels.
   */
  channel?: { label: string; platform: string | null };
  items: Array<{
    quantity: number;
    unit: string | null;
    name: string;
    options: Array<{ quantity: number; name: string }>;
    note: string | null;
  }>;
  notes: string | null;
  /**
   * A station printer's ticket: its items only, headed by the station's name and its place among
   * the order's stations ("FORNO", 1 of 2). Absent on a whole-ticket (expo) printer's.
   */
  station?: { name: string; index: number; count: number };
  /** An allergy word in any note: the ticket says so first, in bold and large. */
  allergy: boolean;
  /** The store's IANA time zone: the ticket's times are the store's clock. */
  timeZone: string;
}
