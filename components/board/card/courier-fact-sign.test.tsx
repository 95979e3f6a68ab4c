import { NextIntlClientProvider, type Messages } from "next-intl";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { BoardOrder } from "@/lib/contract/board";
import { COURIER_FACTS } from "@/lib/contract/board-values";
import en from "@/lib/i18n/messages/en.json";
import ptBR from "@/lib/i18n/messages/pt-BR.json";
import { CourierFactSign } from "./courier-fact-sign";

const card = (courier?: BoardOrder["courier"]) => ({ courier }) as BoardOrder;

function sign(locale: "pt-BR" | "en", order: BoardOrder): string {
  const html = renderToStaticMarkup(
    <NextIntlClientProvider
      locale={locale}
      messages={(locale === "en" ? en : ptBR) as unknown as Messages}
      timeZone="America/Sao_Paulo"
    >
      <CourierFactSign order={order} />
    </NextIntlClientProvider>,
  );
  // The words a cook reads (the scooter is decoration, hidden from screen readers).
  return html.replace(/<span aria-hidden="true">[^<]*<\/span>/, "").replace(/<[^>]+>/g, "");
}

const at = "2026-11-28T14:00:00.000Z";

describe("the courier's fact on the card", () => {
  it("says each logistics fact in pt-BR and English, with the courier's name when given", () => {
    expect(COURIER_FACTS.map((fact) => sign("pt-BR", card({ fact, name: null, at })))).toEqual([
      "Entregador a caminho da loja",
      "Entregador chegou na loja",
      "Entregador retirou o pedido",
      "Entregador a caminho do cliente",
      "Entregador chegou no cliente",
    ]);
    expect(COURIER_FACTS.map((fact) => sign("en", card({ fact, name: null, at })))).toEqual([
      "Courier on the way to the store",
      "Courier at the store",
      "Courier collected the order",
      "Courier on the way to the customer",
      "Courier at the customer",
    ]);
    expect(sign("pt-BR", card({ fact: "atStore", name: "Rafael Entregas", at }))).toBe(
      "Entregador chegou na loja: Rafael Entregas",
    );
    expect(sign("en", card({ fact: "atCustomer", name: "Rafael Entregas", at }))).toBe(
      "Courier at the customer: Rafael Entregas",
    );
  });

  it("is absent without a fact", () => {
    expect(sign("pt-BR", card())).toBe("");
  });
});
