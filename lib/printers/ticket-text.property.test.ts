import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { KitchenTicket } from "@/lib/contract/printers";
import { printable, ticketLines, wrap } from "./ticket-text";
import { TICKET_LABELS } from "./worker";

describe("ticket text wrapping", () => {
  it("never exceeds the paper's width, loses no word and lets no control character through", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), fc.constantFrom(16, 24, 32, 48), (text, width) => {
        const lines = wrap(text, width);
        for (const line of lines) expect(Array.from(line).length).toBeLessThanOrEqual(width);
        expect(lines.join("")).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
        // Every character of the printable text is printed, in order (only spaces move).
        expect(lines.join("").replace(/ /g, "")).toBe(printable(text).replace(/ /g, ""));
      }),
    );
  });

  it("a station's header fits the paper, carries no control character and says its place", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "binary", maxLength: 80 }),
        fc.integer({ min: 1, max: 8 }),
        fc.constantFrom(32, 48),
        (name, count, columns) => {
          const ticket: KitchenTicket = {
            displayId: "81",
            type: "TAKEOUT",
            customerName: null,
            place: null,
            placedAt: "2026-01-01T15:00:00.000Z",
            confirmedAt: "2026-01-01T15:01:00.000Z",
            scheduledFor: null,
            items: [{ quantity: 1, unit: null, name: "Pizza Grande", options: [], note: null }],
            notes: null,
            station: { name, index: count, count },
            allergy: false,
            timeZone: "America/Sao_Paulo",
          };
          const lines = ticketLines(ticket, columns, TICKET_LABELS);
          for (const line of lines) {
            const width = line.style === "large" ? columns / 2 : columns;
            expect(Array.from(line.text).length).toBeLessThanOrEqual(width);
            expect(line.text).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
          }
          expect(lines.map((line) => line.text)).toContain(`${count} de ${count} setores`);
        },
      ),
    );
  });

  it("prints the courier's pickup code in bold, once, and nothing from a code that is only control characters", () => {
    const ticket = (pickupCode: string | null): KitchenTicket => ({
      displayId: "82",
      type: "DELIVERY",
      customerName: "Ana",
      place: null,
      pickupCode,
      placedAt: "2026-01-01T15:00:00.000Z",
      confirmedAt: "2026-01-01T15:01:00.000Z",
      scheduledFor: null,
      items: [{ quantity: 1, unit: null, name: "Pizza Grande", options: [], note: null }],
      notes: null,
      allergy: false,
      timeZone: "America/Sao_Paulo",
    });
    const coded = ticketLines(ticket("4821"), 48, TICKET_LABELS).filter((line) => line.text.includes("4821"));
    expect(coded).toEqual([{ text: "Código de coleta: 4821", style: "bold", align: "left" }]);
    const lines = (code: string | null) => ticketLines(ticket(code), 48, TICKET_LABELS).map((line) => line.text);
    expect(lines("\u001b\u001d")).toEqual(lines(null));
  });
});
