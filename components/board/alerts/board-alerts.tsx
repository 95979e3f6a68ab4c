"use client";

import { useEffect, useState } from "react";
import type { BoardColumn, BoardOrder } from "@/lib/contract/board";
import {
  audibleSound,
  cancelledUnconfirmed,
  cancelledWhileCooking,
  MUTE_MS,
  newCancellationRequests,
  openCancellationRequests,
  wantedSound,
  type StopCooking,
} from "./alarm-policy";
import { CancellationRequestBanner } from "../card/cancellation-request";
import { ConnectionBanner, MissedConfirmsBanner, StopCookingBanner } from "./alert-banners";
import { AlertStack } from "./alert-stack";
import { PrinterAlarmBanner } from "./printer-alarm";
import { rememberAcknowledged, wasAcknowledged } from "./stop-cooking-memory";
import { connectionAlarm } from "../stream/connection-state";
import { MuteButton } from "./mute-button";
import { SoundEngine, type AudioLockState, type SoundKind } from "./sound-engine";
import { StartShift } from "./start-shift";
import { StoreContact } from "../stream/store-contact";
import { useAutoAcceptAlerts } from "./use-auto-accept-alerts";
import { onChimeRequest } from "./chime-request";
import type { BoardConnection } from "../stream/use-board-stream";
import { useSecondClock } from "../stream/use-second-clock";
import { downLabelsByStore } from "../channels/channel-filter";

/** What tests (and a curious technician) read: `window.__comandaAudio`. */
export interface AudioProbe {
  audio: AudioLockState;
  playing: SoundKind | null;
  wanted: SoundKind | null;
  mutedUntil: string | null;
  notesPlayed: number;
}

declare global {
  interface Window {
    __comandaAudio?: AudioProbe;
  }
}

/**
 * The board's voice: the Start shift screen that unlocks audio, the alarm loop, mute, and the
 * alerts' banners (a lost connection, an order cancelled while it was being cooked, a printer
 * holding tickets…). Lives in the status bar (it ticks every second; the board itself does not
 * need to).
 */
export function BoardAlerts({
  orders,
  connection,
  onStarted,
}: {
  orders: readonly BoardOrder[] | undefined;
  connection: BoardConnection;
  /** Told when the shift starts (the Start shift screen is gone). */
  onStarted?: () => void;
}) {
  const now = useSecondClock();
  const [engine] = useState(() => new SoundEngine());
  const [started, setStarted] = useState(false);
  const [audio, setAudio] = useState<AudioLockState>("locked");
  const [mutedUntil, setMutedUntil] = useState<number | null>(null);
  const [stopCooking, setStopCooking] = useState<StopCooking[]>([]);
  const [missedConfirms, setMissedConfirms] = useState<StopCooking[]>([]);
  const [heardRequests, setHeardRequests] = useState<ReadonlySet<string>>(() => new Set());

  // Compare each new board with the last one seen (React's "previous value" pattern, no effect).
  const [seenOrders, setSeenOrders] = useState<readonly BoardOrder[] | undefined>(undefined);
  const [columns, setColumns] = useState<ReadonlyMap<string, BoardColumn> | null>(null);
  if (orders && orders !== seenOrders) {
    setSeenOrders(orders);
    setColumns(new Map(orders.map((order) => [order.id, order.column])));
    const cancelled = cancelledWhileCooking(columns, orders, { now, acknowledged: wasAcknowledged }).filter(
      (order) => !stopCooking.some((known) => known.id === order.id),
    );
    if (cancelled.length > 0) {
      setStopCooking([...stopCooking, ...cancelled]);
      setMutedUntil(null); // a new, different alarm is not covered by an earlier mute
    }
    const missed = cancelledUnconfirmed(columns, orders, { now, acknowledged: wasAcknowledged }).filter(
      (order) => !missedConfirms.some((known) => known.id === order.id),
    );
    if (missed.length > 0) {
      setMissedConfirms([...missedConfirms, ...missed]);
      setMutedUntil(null);
    }
    // Kept to the requests open now: the set stays small, and a request made again rings again.
    const asking = openCancellationRequests(orders).map((order) => order.id);
    if (newCancellationRequests(heardRequests, orders).length > 0) setMutedUntil(null); // nor is a new request
    if (asking.length !== heardRequests.size || asking.some((id) => !heardRequests.has(id)))
      setHeardRequests(new Set(asking));
  }

  const alarm = connectionAlarm(connection, now);
  const connectionDown = alarm.streamDownSeconds !== null || alarm.databaseDown || alarm.storesDown.length > 0;
  const [wasDown, setWasDown] = useState(false);
  if (connectionDown !== wasDown) {
    setWasDown(connectionDown);
    if (connectionDown) setMutedUntil(null);
  }

  // An order auto-accept is about to take rings only if it is still New after a grace period.
  const awaitingAuto = useAutoAcceptAlerts({
    orders,
    storeIds: (connection.status?.stores ?? []).map((store) => store.id),
    now,
    engine,
    audible: started,
  });
  const ringing = (orders ?? []).filter((order) => !awaitingAuto.has(order.id));
  const input = { now, orders: ringing, stopCooking, missedConfirms, connectionDown, mutedUntil };
  const wanted = wantedSound(input);
  const audible = started ? audibleSound(input) : null;

  useEffect(() => {
    engine.play(audible);
  }, [engine, audible]);
  useEffect(() => {
    const unwatch = engine.watch(() => setAudio(engine.state));
    return () => {
      unwatch();
      engine.dispose();
    };
  }, [engine]);

  // One-off chimes from the header ("pause over"), once the shift has started.
  useEffect(() => onChimeRequest((kind) => started && engine.chime(kind)), [engine, started]);

  const playing = audio === "running" ? audible : null;
  useEffect(() => {
    const iso = mutedUntil !== null && now < mutedUntil ? new Date(mutedUntil).toISOString() : null;
    window.__comandaAudio = {
      audio: engine.state,
      playing: engine.playing,
      wanted,
      mutedUntil: iso,
      get notesPlayed() {
        return engine.notesPlayed;
      },
    };
  });

  const unlock = () => {
    void engine.unlock().then((running) => {
      setAudio(engine.state);
      if (running) engine.chime("new"); // the sound check: the cook hears that it works
    });
  };

  return (
    <>
      <StoreContact connection={connection} now={now} />
      <MuteButton
        now={now}
        mutedUntil={mutedUntil}
        audio={audio}
        playing={playing}
        wanted={wanted}
        onMute={() => setMutedUntil(Date.now() + MUTE_MS)}
        onUnmute={() => setMutedUntil(null)}
        onUnlock={unlock}
      />
      {/* Most urgent first: what a cook may be making for no one. */}
      <AlertStack>
        <StopCookingBanner
          orders={stopCooking}
          onAcknowledge={() => {
            rememberAcknowledged(stopCooking.map((order) => order.id));
            setStopCooking([]);
          }}
        />
        <ConnectionBanner alarm={alarm} downChannels={downLabelsByStore(connection.status?.channels)} />
        <CancellationRequestBanner orders={openCancellationRequests(orders ?? [])} />
        <MissedConfirmsBanner
          orders={missedConfirms}
          onAcknowledge={() => {
            rememberAcknowledged(missedConfirms.map((order) => order.id));
            setMissedConfirms([]);
          }}
        />
        <PrinterAlarmBanner alarms={connection.status?.printers} />
      </AlertStack>
      {!started && (
        <StartShift
          onStart={() => {
            unlock();
            setStarted(true);
            onStarted?.();
          }}
        />
      )}
    </>
  );
}
