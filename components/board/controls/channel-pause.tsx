"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import type { MerchantState } from "@/lib/contract/merchant-state";

// One channel paused on its own (issue 28), in the store's controls: the pause panel's choice of
// the whole restaurant or one channel, and each paused channel by name with its time left and
// its own Reopen. Buttons of 48 px and more: a cook taps them with wet hands.

type Channel = NonNullable<MerchantState["channels"]>[number];

/** "Restaurante inteiro" or one open channel; `null` is the restaurant. Shown with two channels or more. */
export function PauseTarget({
  channels,
  target,
  onChange,
}: {
  channels: readonly Channel[];
  target: string | null;
  onChange: (target: string | null) => void;
}) {
  const t = useTranslations("merchant");
  if (channels.length < 2) return null;
  const choices = [{ id: null, label: t("pauseRestaurant") }, ...channels.filter((channel) => !channel.paused)];
  return (
    <div role="group" aria-label={t("pauseWhat")} className="flex w-full flex-wrap items-center gap-2">
      <span>{t("pauseWhat")}</span>
      {choices.map((choice) => (
        <Button
          key={choice.id ?? ""}
          variant={target === choice.id ? "primary" : "secondary"}
          size="sm"
          aria-pressed={target === choice.id}
          onClick={() => onChange(choice.id)}
        >
          {choice.label}
        </Button>
      ))}
    </div>
  );
}

/** Each channel paused on its own: its name, time left, reason, and a Reopen for it alone. */
export function PausedChannels({
  channels,
  countdown,
  pending,
  onReopen,
}: {
  channels: readonly Channel[];
  countdown: (until: string) => string;
  pending: boolean;
  onReopen: (channelId: string) => void;
}) {
  const t = useTranslations("merchant");
  return channels
    .filter((channel) => channel.paused)
    .map((channel) => (
      <span key={channel.id} className="flex items-center gap-2" data-testid="channel-paused" data-channel={channel.id}>
        <span role="status" className="font-bold text-overdue">
          {channel.pausedUntil
            ? t("channelPausedFor", { channel: channel.label, time: countdown(channel.pausedUntil) })
            : t("channelPausedUntilReopened", { channel: channel.label })}
          {channel.pauseReason ? ` · ${channel.pauseReason}` : ""}
        </span>
        <Button variant="primary" size="sm" disabled={pending} onClick={() => onReopen(channel.id)}>
          {t("reopenChannel", { channel: channel.label })}
        </Button>
      </span>
    ));
}
