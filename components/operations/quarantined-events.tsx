"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { TechnicalDetails } from "@/components/ui/technical-details";
import { useErrorText } from "@/components/use-error-text";
import { apiRequest } from "@/lib/contract/client";
import { quarantineRetryAnswerSchema, type StoreOperations } from "@/lib/contract/manager";
import { operationsQueryOptions } from "./operations-query";

/**
 * A store's quarantined events: what could not be stored, when, and a retry for each; the
 * platform's ids and the database's reason under "Detalhes técnicos".
 */
export function QuarantinedEvents({ store, headingId }: { store: StoreOperations; headingId: string }) {
  const t = useTranslations("operations");
  const format = useFormatter();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const retry = useMutation({
    mutationFn: (id: number) =>
      apiRequest(
        quarantineRetryAnswerSchema,
        `/api/manager/stores/${encodeURIComponent(store.storeId)}/quarantine/retry`,
        {
          method: "POST",
          body: { id },
        },
      ),
    onSuccess: (answer) =>
      setOutcome({ ok: answer.outcome === "stored", text: t(`quarantineRetry.${answer.outcome}`) }),
    onError: (error) =>
      setOutcome({ ok: false, text: t("retryFailed", { message: errorText(error, { preferServerMessage: true }) }) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: operationsQueryOptions.queryKey }),
  });

  return (
    <section aria-labelledby={`${headingId}-quarantined`} className="flex flex-col gap-2">
      <h3 id={`${headingId}-quarantined`} className="text-xl font-bold">
        {t("quarantined")} ({store.quarantined.length})
      </h3>
      <p className="text-zinc-400">{t("quarantinedIntro")}</p>
      {outcome && <Notice tone={outcome.ok ? "success" : "error"}>{outcome.text}</Notice>}
      {store.quarantined.length === 0 && <p className="text-lg">{t("noQuarantined")}</p>}
      <ul className="flex flex-col gap-2">
        {store.quarantined.map((event) => {
          const received = format.dateTime(new Date(event.receivedAt), { dateStyle: "short", timeStyle: "medium" });
          return (
            <li key={event.id} className="flex flex-wrap items-center gap-3 rounded-lg bg-zinc-800 px-4 py-2">
              <div className="min-w-56 flex-1">
                <p className="break-words text-lg font-bold">{t("quarantinedEvent", { time: received })}</p>
                <TechnicalDetails summary={t("technical")}>
                  <p className="break-words">
                    {t("quarantinedCodes", { eventId: event.eventId, orderId: event.orderId ?? "—" })}
                  </p>
                  <p className="break-words text-zinc-400">{event.reason}</p>
                </TechnicalDetails>
              </div>
              <Button
                variant="secondary"
                disabled={retry.isPending}
                onClick={() => retry.mutate(event.id)}
                aria-label={t("quarantineRetry.label", { time: received })}
              >
                {t("retry")}
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
