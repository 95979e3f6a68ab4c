"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import type { AudioLockState, SoundKind } from "./sound-engine";
import { BellIcon } from "./sound-icons";

interface MuteButtonProps {
  now: number;
  mutedUntil: number | null;
  audio: AudioLockState;
  /** What sounds now (null: silence) and what would without mute: shown to tests as attributes. */
  playing: SoundKind | null;
  wanted: SoundKind | null;
  onMute: () => void;
  onUnmute: () => void;
  onUnlock: () => void;
}

/**
 * Always in the status bar, one tap: mutes for two minutes and says when sound comes back. When
 * the browser keeps audio off (no Start shift tap yet, or the tablet suspended it) it says so.
 *
 * `data-sound` (new | urgent | stopCooking | connectionLost | cancellationRequest | silent), `data-sound-wanted`,
 * `data-audio` (the AudioContext's state) and `data-muted-until` (ISO) expose the alarm's state;
 * so does `window.__comandaAudio` (components/board/alerts/board-alerts.tsx).
 */
export function MuteButton({ now, mutedUntil, audio, playing, wanted, onMute, onUnmute, onUnlock }: MuteButtonProps) {
  const t = useTranslations("alerts.sound");
  const muted = mutedUntil !== null && now < mutedUntil;
  const blocked = audio !== "running" && audio !== "locked";
  const left = muted ? Math.max(0, Math.ceil((mutedUntil - now) / 1000)) : 0;
  const time = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;

  return (
    <div
      data-testid="sound-state"
      data-sound={playing ?? "silent"}
      data-sound-wanted={wanted ?? "none"}
      data-audio={audio}
      data-muted-until={muted ? new Date(mutedUntil).toISOString() : undefined}
      className="flex items-center"
    >
      {blocked ? (
        <Button variant="danger" onClick={onUnlock} className="flex items-center gap-2">
          <BellIcon off />
          {t("blocked")}
        </Button>
      ) : muted ? (
        // No variant of its own: the late colour here only ever means "muted, sound comes back soon".
        <button
          type="button"
          onClick={onUnmute}
          aria-label={t("unmuteLabel", { time })}
          className="flex items-center gap-2 min-h-12 rounded-lg bg-late px-4 text-lg font-semibold text-zinc-950"
        >
          <BellIcon off />
          {t("mutedFor", { time })}
        </button>
      ) : (
        <Button
          variant="outline"
          onClick={onMute}
          aria-label={t("muteLabel")}
          className="flex min-w-12 items-center gap-2 text-zinc-100"
        >
          <BellIcon />
          {t("mute")}
        </Button>
      )}
    </div>
  );
}
