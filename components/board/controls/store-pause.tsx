"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { loadOnRender } from "@/components/load-on-render";
import { Button } from "@/components/ui/button";
import type { MerchantState } from "@/lib/contract/merchant-state";
import { PACING_ACTOR } from "@/lib/orders/pacing";
import { requestChime } from "../alerts/chime-request";
import { useMerchantControls } from "./use-merchant-controls";
import { useSecondClock } from "../stream/use-second-clock";
import { PausedChannels, PauseTarget } from "./channel-pause";

// Opened by a tap: the menu list and its search load then, not with the board.
const SoldOutPanel = loadOnRender(() => import("./sold-out-panel").then((module) => module.SoldOutPanel));

const PAUSES = [15, 30, 60, null] as const;
const BUSY_CHOICES = [0, 10, 20, 30];

/** A panel under the store's controls, over the lanes: opening it moves nothing below. */
const PANEL =
  "absolute top-full left-0 z-30 max-h-[70dvh] w-[min(44rem,calc(100vw-1rem))] overflow-y-auto rounded-xl border-2 border-zinc-600 bg-zinc-950 p-3 shadow-2xl";

function countdown(until: string, now: number): string {
  const left = Math.max(0, Math.ceil((Date.parse(until) - now) / 1000));
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
}

type Store = { id: string; name: string };

/** What an unknown store's controls are laid out with: the room they will take, kept unseen. */
const PLACEHOLDER: MerchantState = {
  storeId: "",
  paused: false,
  pausedUntil: null,
  pauseReason: null,
  pausedBy: null,
  busyMinutes: 0,
  unconfirmed: 0,
  lastSyncError: null,
  soldOut: [],
  menu: [],
  menuImportedAt: null,
  autoAccept: null,
  hasApiKey: false,
  onboardedAt: null,
};

/**
 * The board toolbar's store controls: open or paused (with the time left), pause 15/30/60 min or
 * until reopened with a reason, busy mode, and the sold-out list. Says plainly when the platform
 * has not yet taken the change. `stores` undefined: not known yet.
 */
export function StorePause({ stores }: { stores: readonly Store[] | undefined }) {
  if (stores?.length === 0) return null;
  return (
    <div className="flex min-w-0 flex-col gap-1">
      {stores ? (
        stores.map((store) => <StoreControls key={store.id} store={store} named={stores.length > 1} />)
      ) : (
        <StoreControls />
      )}
    </div>
  );
}

/**
 * One store's controls. Until its state is read (or, without `store`, until the board knows its
 * stores) the row is laid out unseen at its usual size: the lanes below do not jump down when it
 * arrives (Lighthouse measured that shift at 0.11 on a phone).
 */
function StoreControls({ store, named = false }: { store?: Store; named?: boolean }) {
  const t = useTranslations("merchant");
  const tKitchen = useTranslations("kitchen");
  const { state: known, act, pending } = useMerchantControls(store?.id);
  const state = known ?? PLACEHOLDER;
  const now = useSecondClock();
  const [choosing, setChoosing] = useState(false);
  const [reason, setReason] = useState("");
  // What the pause panel pauses: the restaurant (null) or one of its channels (issue 28).
  const [target, setTarget] = useState<string | null>(null);
  const [soldOutOpen, setSoldOutOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  // "Reopened automatically": seen when a pause with an end is gone on a later read.
  const [previous, setPrevious] = useState<MerchantState | undefined>(undefined);
  const [resumedAt, setResumedAt] = useState<number | null>(null);
  if (state !== previous) {
    // Adjusting state while rendering (React's pattern for "on change of a prop"). Only a pause
    // whose time had come: one reopened by hand before its end is not "reopened automatically".
    if (
      previous?.paused &&
      previous.pausedUntil &&
      state &&
      !state.paused &&
      Date.parse(previous.pausedUntil) <= now + 1_000
    )
      setResumedAt(now);
    setPrevious(state);
  }
  // The pause is over: one chime on the board (the line below says why).
  useEffect(() => {
    if (resumedAt !== null) requestChime("new");
  }, [resumedAt]);

  const run = (action: Parameters<typeof act>[0]) => {
    setFailed(false);
    act(action).catch(() => setFailed(true));
  };
  const unconfirmed = state.unconfirmed > 0;
  // Busy mode reaches the platform only through the merchant document it reads from the store's
  // endpoint: not registered, the platform never learns it (the board's confirms still add it).
  const busyNotSent = state.busyMinutes > 0 && !state.onboardedAt;
  // Pacing's changes say why, with the load (issue 27): "Cozinha cheia: 14 itens… +15 min automático".
  const pacingBusy = state.pacing && state.busyBy === PACING_ACTOR && state.busyMinutes > 0 ? state.pacing : null;
  const pacingPause = state.pacing && state.paused && state.pausedBy === PACING_ACTOR ? state.pacing : null;
  // Pacing's minutes need not be one of the choices: the select shows them as they are.
  const busyChoices = [...new Set([...BUSY_CHOICES, state.busyMinutes])].sort((a, b) => a - b);

  return (
    <section
      aria-label={t("label", { store: store?.name ?? "" })}
      data-testid={known ? "store-pause" : undefined}
      data-store={store?.id}
      // Its panels (pause options, sold out) open over the lanes, never pushing them (issue 27).
      className={`relative ${known ? "" : "invisible"}`}
    >
      {/* A phone's narrower text keeps the state, Pause, busy mode and the sold-out list on two
          lines, not three; the buttons keep a thumb's height. */}
      <div className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-base md:gap-x-2 md:text-lg">
        {named && <span className="font-semibold">{store?.name}</span>}
        {state.paused ? (
          <p role="status" className="font-bold text-overdue" data-testid="store-paused">
            {pacingPause
              ? t("pacing.paused", { load: String(pacingPause.load), hardLimit: String(pacingPause.hardLimit) })
              : state.pausedUntil
                ? t("pausedFor", { time: countdown(state.pausedUntil, now) })
                : t("pausedUntilReopened")}
            {state.pauseReason && !pacingPause ? ` · ${state.pauseReason}` : ""}
          </p>
        ) : (
          <p role="status" className="text-go">
            {t("open")}
            {state.busyMinutes > 0 && !busyNotSent && !pacingBusy
              ? ` · ${t("busyOn", { minutes: String(state.busyMinutes) })}`
              : ""}
          </p>
        )}
        {pacingBusy && (
          <p className="font-semibold text-stale" data-testid="pacing-busy">
            {t("pacing.busy", {
              load: String(pacingBusy.load),
              capacity: String(pacingBusy.capacity),
              minutes: String(state.busyMinutes),
            })}
          </p>
        )}
        {busyNotSent && (
          <p className="font-semibold text-stale" data-testid="busy-not-sent">
            <span aria-hidden="true">⚠ </span>
            {tKitchen("platformTruth.busyNotSent", { minutes: String(state.busyMinutes) })}
          </p>
        )}
        {state.lastSyncError && (
          <p className="font-semibold text-overdue" data-testid="platform-refused">
            <span aria-hidden="true">✕ </span>
            {tKitchen("platformTruth.refused")}
          </p>
        )}
        <PausedChannels
          channels={state.channels ?? []}
          countdown={(until) => countdown(until, now)}
          pending={pending}
          onReopen={(channelId) => run({ action: "resume", channelId })}
        />
        {unconfirmed && (
          <p className="font-semibold text-stale" data-testid="platform-unconfirmed">
            {state.paused ? t("pauseUnconfirmed") : t("changeUnconfirmed")}
            {/* Each platform takes a change on its own (issue 28): name the ones still waiting. */}
            {state.waitingChannels?.length
              ? ` · ${t("waitingFor", { channels: state.waitingChannels.map((channel) => channel.label).join(", ") })}`
              : ""}
          </p>
        )}
        {resumedAt !== null && now - resumedAt < 60_000 && !state.paused && (
          <p className="text-go" data-testid="store-resumed">
            {t("resumedAutomatically")}
          </p>
        )}
        {state.paused ? (
          <Button variant="primary" size="sm" disabled={pending} onClick={() => run({ action: "resume" })}>
            {t("reopen")}
          </Button>
        ) : (
          <Button
            variant="danger"
            size="sm"
            onClick={() => {
              setTarget(null);
              setChoosing((open) => !open);
            }}
            aria-expanded={choosing}
          >
            {t("pause")}
          </Button>
        )}
        <label className="flex items-center gap-1 md:gap-2">
          <span>{t("busy")}</span>
          <select
            className="min-h-12 rounded-md border-2 border-zinc-500 bg-zinc-900 px-2"
            value={state.busyMinutes}
            onChange={(event) => run({ action: "busy", minutes: Number(event.target.value) })}
          >
            {busyChoices.map((minutes) => (
              <option key={minutes} value={minutes}>
                {minutes === 0 ? t("busyOff") : `+${minutes} min`}
              </option>
            ))}
          </select>
        </label>
        <Button
          variant="secondary"
          size="sm"
          className="max-md:px-2"
          onClick={() => setSoldOutOpen((open) => !open)}
          aria-expanded={soldOutOpen}
        >
          {t("soldOut.button", {
            count: String(state.soldOut.length + (state.stock ?? []).filter((s) => s.left === 0).length),
          })}
        </Button>
        {failed && <p className="text-overdue">{t("failed")}</p>}
      </div>
      {choosing && !state.paused && (
        <div className={`flex flex-wrap items-center gap-2 ${PANEL}`} data-testid="pause-options">
          <PauseTarget channels={state.channels ?? []} target={target} onChange={setTarget} />
          <label className="flex items-center gap-2">
            <span>{t("reason")}</span>
            <input
              className="min-h-12 rounded-md border-2 border-zinc-500 bg-zinc-900 px-2"
              value={reason}
              maxLength={200}
              placeholder={t("reasonPlaceholder")}
              onChange={(event) => setReason(event.target.value)}
            />
          </label>
          {PAUSES.map((minutes) => (
            <Button
              key={String(minutes)}
              variant="danger"
              size="sm"
              disabled={pending}
              onClick={() => {
                const why = reason.trim() || t("reasonPlaceholder");
                run({ action: "pause", minutes, reason: why, ...(target ? { channelId: target } : {}) });
                setChoosing(false);
              }}
            >
              {minutes === null ? t("untilReopened") : t("minutes", { minutes: String(minutes) })}
            </Button>
          ))}
        </div>
      )}
      {soldOutOpen && (
        <div className={PANEL}>
          <SoldOutPanel state={state} onAct={run} pending={pending} />
        </div>
      )}
    </section>
  );
}
