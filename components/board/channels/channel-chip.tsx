import { useTranslations } from "next-intl";
import type { ChannelStatus } from "@/lib/contract/stream";
import { chipBackground, chipTextColor } from "./chip-colors";
import { compactLabel } from "./compact-label";

/** What a chip needs of its channel: what the cards show, not its connection. */
export type ChipChannel = Pick<ChannelStatus, "id" | "label" | "color" | "platform">;

/** "Canal App 1 (Sandbox Food)": the label seen, with its platform said (once, when the label is the platform's name). */
export function useChannelName() {
  const t = useTranslations("channels");
  return (channel: ChipChannel) =>
    channel.platform === null
      ? t("chipLabelOwn", { label: channel.label })
      : samePlatform(channel)
        ? t("chipLabelSame", { label: channel.label })
        : t("chipLabel", { label: channel.label, platform: channel.platform });
}

/** A channel labelled after its platform ("Plataforma A" on Plataforma A): its platform is not named twice. */
export function samePlatform(channel: ChipChannel): boolean {
  return channel.platform !== null && channel.platform.trim().toLowerCase() === channel.label.trim().toLowerCase();
}

/**
 * The order's channel beside its number (issue 28): the channel's label on its colour, in black or
 * white by the colour's luminance. One line, cut with "…" rather than wrapped: the card's height
 * stays what the ticket rail's estimate counts (ticket-parts.ts), so it never pushes a note out.
 */
export function ChannelChip({
  channel,
  compact = false,
  className = "",
}: {
  channel: ChipChannel;
  /** A rush row's few letters ("PA" for "Plataforma A", compact-label.ts); the whole label is said. */
  compact?: boolean;
  className?: string;
}) {
  const name = useChannelName();
  // At most 6 rem (and its cell), unless the place it sits in says otherwise.
  const width = className.includes("max-w-") ? "" : "max-w-[min(6rem,100%)]";
  return (
    <span
      role="img"
      aria-label={name(channel)}
      data-channel={channel.id}
      className={`inline-block ${width} min-w-0 truncate rounded px-1 text-sm leading-5 font-bold whitespace-nowrap ${className}`}
      style={chipStyle(channel.color)}
    >
      {compact ? compactLabel(channel.label) : channel.label}
    </span>
  );
}

/** A chip's colours: the channel's, with black or white text by its luminance. */
export function chipStyle(color: string): { backgroundColor: string; color: string } {
  const background = chipBackground(color);
  return { backgroundColor: background, color: chipTextColor(background) };
}
