import { NextIntlClientProvider, type Messages } from "next-intl";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import en from "@/lib/i18n/messages/en.json";
import ptBR from "@/lib/i18n/messages/pt-BR.json";
import { useTimelineLabel } from "./use-timeline-label";

const ENTRIES = [
  { kind: "event", name: "CREATED" },
  { kind: "event", name: "READY_FOR_PICKUP" },
  { kind: "event", name: "ORDER_CANCELLATION_REQUEST" },
  { kind: "event", name: "SOMETHING_NEW" },
  { kind: "action", name: "confirm" },
  { kind: "action", name: "teleport" },
] as const;

function Labels() {
  const label = useTimelineLabel();
  return <>{ENTRIES.map((entry) => label(entry)).join("|")}</>;
}

// The catalogues as the app loads them (lib/i18n/request.ts types them the same way).
function labels(locale: "pt-BR" | "en"): string[] {
  const html = renderToStaticMarkup(
    <NextIntlClientProvider
      locale={locale}
      messages={(locale === "en" ? en : ptBR) as unknown as Messages}
      timeZone="America/Sao_Paulo"
    >
      <Labels />
    </NextIntlClientProvider>,
  );
  return html.split("|");
}

describe("timeline words", () => {
  it("say each platform event and staff action in the page's language, never its raw type", () => {
    expect(labels("pt-BR")).toEqual([
      "Pedido recebido",
      "Pronto",
      "Cliente pediu cancelamento",
      "Evento da plataforma: SOMETHING_NEW",
      "Confirmado",
      "Ação da equipe: teleport",
    ]);
    expect(labels("en")).toEqual([
      "Order received",
      "Ready",
      "Customer asked to cancel",
      "Platform event: SOMETHING_NEW",
      "Confirmed",
      "Staff action: teleport",
    ]);
  });
});
