import { describe, expect, it } from "vitest";
import { boardCard } from "@/e2e/support/board-card";
import { buildTicket } from "./ticket";
import { ticketLines } from "./ticket-text";
import { TICKET_LABELS } from "./worker";

const card = boardCard({
  displayId: "4821",
  channelId: "app2",
  column: "preparing",
  lines: [
    { quantity: 1, name: "Pizza Grande", options: [] },
    { quantity: 2, name: "Refrigerante", options: [] },
  ],
});
const channel = { label: "App 2", platform: "Sandbox Food" };
const confirmedAt = new Date("2026-11-20T19:01:00.000Z");

describe("a printed ticket's channel (issue 28)", () => {
  it("names the channel and its platform under the number, on every station's part", () => {
    const parts = [
      { name: "Forno", index: 1, count: 2, lines: [0] },
      { name: "Bar", index: 2, count: 2, lines: [1] },
    ];
    for (const part of parts) {
      const ticket = buildTicket(card, null, confirmedAt, "America/Sao_Paulo", part, channel);
      const text = ticketLines(ticket, 48, TICKET_LABELS).map((line) => line.text);
      expect(text).toContain("Canal: App 2 (Sandbox Food)");
      // Below the number, before the items.
      expect(text.indexOf("Canal: App 2 (Sandbox Food)")).toBeGreaterThan(text.indexOf("PEDIDO 4821"));
      expect(text.indexOf("Canal: App 2 (Sandbox Food)")).toBeLessThan(
        text.findIndex((line) => line.includes(part.name === "Forno" ? "Pizza Grande" : "Refrigerante")),
      );
    }
  });

  it("keeps a one-channel kitchen's ticket as it was", () => {
    const text = ticketLines(buildTicket(card, null, confirmedAt, "America/Sao_Paulo"), 48, TICKET_LABELS);
    expect(text.some((line) => line.text.startsWith("Canal"))).toBe(false);
  });

  it("prints a hostile label as text, within the paper", () => {
    const ticket = buildTicket(card, null, confirmedAt, "America/Sao_Paulo", undefined, {
      label: "App\u001b@ 2 ".repeat(20),
      platform: null,
    });
    for (const line of ticketLines(ticket, 32, TICKET_LABELS)) {
      expect(line.text).not.toMatch(/[\u0000-\u001f]/);
      expect(Array.from(line.text).length).toBeLessThanOrEqual(line.style === "large" ? 16 : 32);
    }
  });
});

describe("a channel labelled after its platform", () => {
  it("is not named twice", () => {
    const ticket = buildTicket(card, null, confirmedAt, "America/Sao_Paulo", undefined, {
      label: "Plataforma A",
      platform: "Plataforma A",
    });
    expect(ticketLines(ticket, 48, TICKET_LABELS).map((line) => line.text)).toContain("Canal: Plataforma A");
  });
});
