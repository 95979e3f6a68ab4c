import type { KitchenTicket } from "@/lib/contract/printers";
import { hasAllergy } from "@/lib/orders/allergy";

/** One printed line: large is double width and height (half the columns), bold is emphasis. */
export interface PrintLine {
  text: string;
  style: "normal" | "bold" | "large";
  align: "left" | "center";
}

/** The words a ticket prints besides the order's own text (pt-BR, from the message catalogue). */
export interface TicketLabels {
  order: string;
  allergy: string;
  customer: string;
  table: string;
  /** The platform courier's pickup code: "Código de coleta". */
  pickupCode: string;
  /** Before a takeout's address for the NFC-e: "Nota fiscal". */
  billingAddress: string;
  scheduled: string;
  placed: string;
  confirmed: string;
  notes: string;
  /** A station printer's header under the station's name: "{index} de {count} setores". */
  stationPart: string;
  /** Before the order's channel (issue 28): "Canal". */
  channel: string;
  types: Record<string, string>;
}

/**
 * Anything that is not printable text is dropped before it reaches the printer: an ESC or GS in a
 * customer's note would otherwise be a printer command (cut the paper, open the cash drawer).
 */
export function printable(value: string): string {
  return value
    .normalize("NFC")
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Words broken into lines of at most `width` characters; a word longer than a line is split. */
export function wrap(value: string, width: number): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of printable(value).split(" ")) {
    if (!word) continue;
    const pieces = Array.from(word);
    let rest = pieces;
    if (current && Array.from(current).length + 1 + rest.length <= width) {
      current += ` ${word}`;
      continue;
    }
    if (current) lines.push(current);
    current = "";
    while (rest.length > width) {
      lines.push(rest.slice(0, width).join(""));
      rest = rest.slice(width);
    }
    current = rest.join("");
  }
  if (current) lines.push(current);
  return lines;
}

function quantityText(quantity: number, unit: string | null): string {
  const amount = Number.isInteger(quantity) ? String(quantity) : quantity.toFixed(3).replace(/0+$/, "");
  return unit ? `${amount} ${unit}` : `${amount}x`;
}

/**
 * The ticket as lines for a paper of `columns` characters (32 on 58 mm, 48 on 80 mm): number and
 * type large at the top (a station printer's: then the station and "1 de 2 setores"), then the allergy warning, who and when, every item with its options and
 * note (allergy notes in bold), the order's note. Nothing is cut: long text wraps.
 */
export function ticketLines(ticket: KitchenTicket, columns: number, labels: TicketLabels): PrintLine[] {
  const out: PrintLine[] = [];
  const add = (text: string, style: PrintLine["style"] = "normal", align: PrintLine["align"] = "left", indent = "") => {
    const width = (style === "large" ? Math.floor(columns / 2) : columns) - Array.from(indent).length;
    for (const line of wrap(text, Math.max(width, 4))) out.push({ text: indent + line, style, align });
  };
  const rule = () => out.push({ text: "-".repeat(columns), style: "normal", align: "left" });
  const time = (iso: string) => clock(iso, ticket.timeZone);

  add(`${labels.order} ${ticket.displayId}`, "large", "center");
  add(labels.types[ticket.type] ?? ticket.type, "bold", "center");
  if (ticket.station) {
    add(ticket.station.name.toLocaleUpperCase("pt-BR"), "large", "center");
    add(
      labels.stationPart
        .replace("{index}", String(ticket.station.index))
        .replace("{count}", String(ticket.station.count)),
      "bold",
      "center",
    );
  }
  // Under the number it names (the platform's): its channel, on every station's part.
  if (ticket.channel && printable(ticket.channel.label))
    add(
      `${labels.channel}: ${printable(ticket.channel.label)}${
        ticket.channel.platform &&
        printable(ticket.channel.platform) &&
        printable(ticket.channel.platform).toLowerCase() !== printable(ticket.channel.label).toLowerCase()
          ? ` (${printable(ticket.channel.platform)})`
          : ""
      }`,
      "bold",
      "center",
    );
  rule();
  if (ticket.allergy) add(`*** ${labels.allergy} ***`, "large", "center");
  if (ticket.customerName) add(`${labels.customer}: ${ticket.customerName}`);
  if (ticket.place) add(`${labels.table}: ${ticket.place}`, "bold");
  if (ticket.pickupCode && printable(ticket.pickupCode))
    add(`${labels.pickupCode}: ${printable(ticket.pickupCode)}`, "bold");
  if (ticket.billingAddress && printable(ticket.billingAddress))
    add(`${labels.billingAddress}: ${printable(ticket.billingAddress)}`);
  if (ticket.scheduledFor) add(`${labels.scheduled} ${time(ticket.scheduledFor)}`, "bold");
  add(`${labels.placed} ${time(ticket.placedAt)} · ${labels.confirmed} ${time(ticket.confirmedAt)}`);
  rule();
  for (const item of ticket.items) {
    add(`${quantityText(item.quantity, item.unit)} ${item.name}`, "bold");
    for (const option of item.options)
      add(`+ ${quantityText(option.quantity, null)} ${option.name}`, "normal", "left", "   ");
    if (item.note && printable(item.note))
      add(`>> ${item.note}`, hasAllergy(item.note) ? "bold" : "normal", "left", "   ");
  }
  if (ticket.notes && printable(ticket.notes)) {
    rule();
    add(`${labels.notes}:`, "bold");
    add(ticket.notes, hasAllergy(ticket.notes) ? "bold" : "normal");
  }
  rule();
  return out;
}

function clock(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "--:--";
  try {
    return new Intl.DateTimeFormat("pt-BR", { timeZone, hour: "2-digit", minute: "2-digit" }).format(date);
  } catch {
    return new Intl.DateTimeFormat("pt-BR", {
      timeZone: "America/Sao_Paulo",
      hour: "2-digit",
      minute: "2-digit",
    }).format(date);
  }
}
