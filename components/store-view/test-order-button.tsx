"use client";

import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { useErrorText } from "@/components/use-error-text";
import { ApiError, apiRequest } from "@/lib/contract/client";
import { testOrderAnswerSchema, type TestOrderResult } from "@/lib/contract/manager";

type Outcome = { ok: true; order: TestOrderResult } | { ok: false; text: string };

/** A v4 UUID; crypto.randomUUID exists only in secure contexts, and a tablet may use plain http on the LAN. */
function newRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** "Send a test order": one real order per click, the button disabled until the platform answers. */
export function TestOrderButton({ storeId }: { storeId: string }) {
  const t = useTranslations("storeView.testOrder");
  const format = useFormatter();
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const errorText = useErrorText();

  /** The platform's refusal in our words, with its own detail; else the error's sentence. */
  function failureText(error: unknown): string {
    const { reason, detail = "" } = error instanceof ApiError ? error.extra : {};
    if (reason === "refused") return t("refused", { detail });
    if (reason === "unavailable") return t("unavailable", { detail });
    if (reason)
      return t("impossible", { detail: detail || (error instanceof ApiError ? (error.serverMessage ?? "") : "") });
    return errorText(error, { preferServerMessage: true, fallback: t("failed") });
  }

  /** Sends one test order and shows how it went: it never rejects. */
  async function send() {
    setSending(true);
    setOutcome(null);
    try {
      const { order } = await apiRequest(
        testOrderAnswerSchema,
        `/api/manager/stores/${encodeURIComponent(storeId)}/test-order`,
        {
          method: "POST",
          body: { requestId: newRequestId() },
        },
      );
      setOutcome({ ok: true, order });
    } catch (error) {
      setOutcome({ ok: false, text: failureText(error) });
    } finally {
      setSending(false);
    }
  }

  const order = outcome?.ok ? outcome.order : null;
  return (
    <section
      aria-labelledby="test-order-heading"
      className="flex flex-col gap-3 rounded-lg border-2 border-zinc-600 p-4"
    >
      <h2 id="test-order-heading" className="text-2xl font-bold">
        {t("title")}
      </h2>
      <p className="text-lg text-zinc-300">{t("explain")}</p>
      <div>
        <Button variant="primary" onClick={() => void send()} disabled={sending}>
          {sending ? t("sending") : t("send")}
        </Button>
      </div>
      {order && (
        <div
          role="status"
          className="flex flex-wrap items-center gap-3 rounded-md bg-emerald-950 px-4 py-2 text-lg text-emerald-100"
        >
          <p>
            {t("sent", {
              displayId: order.displayId ?? order.orderId,
              summary: order.summary,
              total: order.total
                ? format.number(order.total.value, { style: "currency", currency: order.total.currency })
                : "—",
            })}
            {order.scheduledFor
              ? ` ${t("scheduled", { time: format.dateTime(new Date(order.scheduledFor), { weekday: "long", hour: "2-digit", minute: "2-digit" }) })}`
              : ""}
          </p>
          <Link
            href="/board"
            className="flex min-h-12 items-center rounded-lg border-2 border-emerald-300 px-4 font-semibold"
          >
            {t("seeBoard")}
          </Link>
        </div>
      )}
      {outcome && !outcome.ok && <Notice tone="error">{outcome.text}</Notice>}
    </section>
  );
}
