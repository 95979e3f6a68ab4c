"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { TechnicalDetails } from "@/components/ui/technical-details";
import { useErrorText } from "@/components/use-error-text";
import { apiRequest } from "@/lib/contract/client";
import { parkedRetryAnswerSchema, type PollerState, type StoreOperations } from "@/lib/contract/manager";
import { durationFormatter } from "@/lib/format/duration";
import { FailureText } from "./failure-text";
import { failureKind } from "./failure-words";
import { operationsQueryOptions } from "./operations-query";
import { DiscoverySection } from "./discovery-section";
import { QuarantinedEvents } from "./quarantined-events";

const stateTone: Record<PollerState, string> = {
  running: "border-emerald-500 text-emerald-200",
  backingOff: "border-late text-late",
  failing: "border-overdue text-overdue",
  stopped: "border-zinc-400 text-zinc-300",
};

/**
 * One store: the poller's state in a word, its timings, parked orders with retry, recent errors.
 * Every duration on the card (interval, silence, how long ago, timeouts) is in one unit.
 */
export function StoreOperationsCard({ store, now }: { store: StoreOperations; now: number }) {
  const t = useTranslations("operations");
  const format = useFormatter();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const errorText = useErrorText();

  const retry = useMutation({
    mutationFn: async (orderId?: string) => {
      const url = `/api/manager/stores/${encodeURIComponent(store.storeId)}/parked/retry`;
      return (await apiRequest(parkedRetryAnswerSchema, url, { method: "POST", body: orderId ? { orderId } : {} }))
        .results;
    },
    onSuccess: (results) => {
      const healed = results.filter((result) => result.healed).length;
      const still = results.length - healed;
      setOutcome({
        ok: still === 0,
        text: [
          healed > 0 || still === 0 ? t("healed", { count: healed }) : "",
          still > 0 ? t("stillParked", { count: still }) : "",
        ]
          .join(" ")
          .trim(),
      });
    },
    onError: (error) =>
      setOutcome({ ok: false, text: t("retryFailed", { message: errorText(error, { preferServerMessage: true }) }) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: operationsQueryOptions.queryKey }),
  });

  const locale = useLocale();
  const duration = durationFormatter(locale, cardDurations(store, now));
  const when = (iso: string | null) => {
    if (!iso) return t("never");
    const at = Date.parse(iso);
    const time = format.dateTime(new Date(iso), { dateStyle: "short", timeStyle: "medium" });
    return at > now
      ? t("in", { duration: duration((at - now) / 1000), time })
      : t("ago", { duration: duration((now - at) / 1000), time });
  };
  const headingId = `store-${store.id}`;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4 rounded-lg border-2 border-zinc-700 p-4">
      <header className="flex flex-wrap items-center gap-3">
        <h2 id={headingId} className="text-2xl font-bold">
          {store.name} · {store.platform}
        </h2>
        <span className={`rounded-md border-2 px-3 py-1 text-lg font-bold ${stateTone[store.state]}`}>
          {t(`state.${store.state}`)}
        </span>
        <span className="text-lg text-zinc-300">{t("interval", { duration: duration(store.intervalSeconds) })}</span>
      </header>
      {store.stoppedBecause && (
        // The server setting behind "turned off on this server", for whoever runs it.
        <p className="text-lg text-zinc-300" title={store.stoppedBecause === "syncOff" ? "SYNC_ENABLED" : undefined}>
          {t(`stoppedBecause.${store.stoppedBecause}`)}
        </p>
      )}

      <dl className="grid gap-x-6 gap-y-2 text-lg sm:grid-cols-[max-content_1fr]">
        <dt className="text-zinc-400">{t("lastPoll")}</dt>
        <dd>{when(store.lastPollAt)}</dd>
        <dt className="text-zinc-400">{t("lastOk")}</dt>
        <dd>{when(store.lastSuccessfulPollAt)}</dd>
        {store.nextPollAt && (
          <>
            <dt className="text-zinc-400">{t("nextPoll")}</dt>
            <dd>{when(store.nextPollAt)}</dd>
          </>
        )}
        <dt className="text-zinc-400">{t("lag")}</dt>
        <dd>{store.lagSeconds === null ? "—" : t("lagValue", { duration: duration(store.lagSeconds) })}</dd>
        <dt className="text-zinc-400">{t("failures")}</dt>
        <dd>{store.consecutiveFailures}</dd>
        <dt className="text-zinc-400">{t("deferred")}</dt>
        <dd>{store.deferredOrders}</dd>
        {store.lastError && (
          <>
            <dt className="text-zinc-400">{t("lastError")}</dt>
            <dd className="break-words text-overdue">
              <FailureText message={store.lastError} duration={duration} />
            </dd>
          </>
        )}
      </dl>

      <DiscoverySection store={store} headingId={headingId} when={when} />

      <section aria-labelledby={`${headingId}-parked`} className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <h3 id={`${headingId}-parked`} className="text-xl font-bold">
            {t("parked")} ({store.parked.length})
          </h3>
          {(store.parked.length > 0 || store.deferredOrders > 0) && (
            <Button variant="secondary" disabled={retry.isPending} onClick={() => retry.mutate(undefined)}>
              {retry.isPending ? t("retrying") : t("retryAll")}
            </Button>
          )}
        </div>
        <p className="text-zinc-400">{t("parkedIntro")}</p>
        {outcome && <Notice tone={outcome.ok ? "success" : "error"}>{outcome.text}</Notice>}
        {store.parked.length === 0 ? (
          <p className="text-lg">{t("noParked")}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {store.parked.map((order) => (
              <li key={order.id} className="flex flex-wrap items-center gap-3 rounded-lg bg-zinc-800 px-4 py-2">
                <div className="min-w-56 flex-1">
                  <p className="text-lg font-bold">{t("order", { displayId: order.displayId })}</p>
                  <p className="text-zinc-300">
                    {format.dateTime(new Date(order.placedAt), { dateStyle: "short", timeStyle: "short" })}
                  </p>
                  {order.error && (
                    <TechnicalDetails summary={t("technical")}>
                      <p className="break-words text-zinc-400">{order.error}</p>
                    </TechnicalDetails>
                  )}
                </div>
                <Button
                  variant="secondary"
                  disabled={retry.isPending}
                  onClick={() => retry.mutate(order.id)}
                  aria-label={t("retryOrder", { displayId: order.displayId })}
                >
                  {t("retry")}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <QuarantinedEvents store={store} headingId={headingId} />

      <section aria-labelledby={`${headingId}-errors`} className="flex flex-col gap-2">
        <h3 id={`${headingId}-errors`} className="text-xl font-bold">
          {t("errors")}
        </h3>
        {store.recentErrors.length === 0 ? (
          <p className="text-lg">{t("noErrors")}</p>
        ) : (
          <ol className="flex flex-col gap-1">
            {store.recentErrors.map((error, index) => (
              <li key={`${error.at}-${index}`} className="rounded bg-zinc-900 px-3 py-1 text-base">
                <span className="text-zinc-400">{format.dateTime(new Date(error.at), { timeStyle: "medium" })} · </span>
                <span className="font-semibold">{t(`errorKind.${error.kind}`)}</span>
                <span className="break-words">
                  {" — "}
                  <FailureText message={error.message} duration={duration} />
                </span>
                {error.count > 1 ? (
                  <span className="text-zinc-400">
                    {" · "}
                    {t("repeated", {
                      count: String(error.count),
                      since: format.dateTime(new Date(error.since), { timeStyle: "medium" }),
                    })}
                  </span>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </section>
    </section>
  );
}

/** The card's durations, from which it picks its one unit. */
function cardDurations(store: StoreOperations, now: number): number[] {
  const ages = [store.lastPollAt, store.lastSuccessfulPollAt, store.nextPollAt]
    .filter((iso): iso is string => iso !== null)
    .map((iso) => Math.abs(now - Date.parse(iso)) / 1000);
  const timeouts = [store.lastError, ...store.recentErrors.map((error) => error.message)].flatMap((message) => {
    const kind = message === null ? null : failureKind(message);
    return kind?.kind === "timeout" && kind.seconds !== null ? [kind.seconds] : [];
  });
  return [store.intervalSeconds, ...(store.lagSeconds === null ? [] : [store.lagSeconds]), ...ages, ...timeouts];
}
