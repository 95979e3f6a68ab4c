import { describe, expect, it } from "vitest";
import en from "@/lib/i18n/messages/en.json";
import ptBR from "@/lib/i18n/messages/pt-BR.json";
import { OWN_ORDER_REASONS, ownOrderError } from "./errors";

describe("own order errors", () => {
  it("have a sentence for every reason in pt-BR and en, naming what was refused", () => {
    for (const catalogue of [ptBR, en]) {
      const errors = catalogue.ownOrder.errors as Record<string, string>;
      expect(Object.keys(errors).sort()).toEqual([...OWN_ORDER_REASONS].sort());
    }
  });

  it("answer 400 with the reason and what it is about", async () => {
    const response = ownOrderError("soldOut", "Pudim is sold out.", "Pudim").toResponse();
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { code: "bad_request", message: "Pudim is sold out." },
      reason: "soldOut",
      detail: "Pudim",
    });
  });
});
