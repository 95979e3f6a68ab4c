import { useTranslations } from "next-intl";
import type { ChannelStatus } from "@/lib/contract/stream";
import { chipStyle } from "./channel-chip";

/**
 * In the board's header, one chip per channel whose platform does not answer: "App 2 sem conexão"
 * (issue 28). Only for restaurants of several channels (a one-channel kitchen has the store's own
 * "sem contato" already); the other channels and their cards look as always. Said only while the
 * stream is live: when it is not, nothing the server said about the platforms is current.
 */
export function ChannelsDown({ channels }: { channels: readonly ChannelStatus[] }) {
  const t = useTranslations("channels");
  if (channels.length === 0) return null;
  return (
    <ul className="flex flex-wrap items-center gap-1" data-testid="channels-down">
      {channels.map((channel) => (
        <li
          key={channel.id}
          data-channel={channel.id}
          className="flex items-center gap-1 rounded-md border-2 border-overdue px-1 text-base leading-6 font-bold whitespace-nowrap text-overdue"
        >
          {t.rich("down", {
            label: channel.label,
            chip: (chunks) => (
              <span className="max-w-[6rem] truncate rounded px-1 text-sm" style={chipStyle(channel.color)}>
                {chunks}
              </span>
            ),
          })}
          {channel.platform !== null && <span className="sr-only"> ({channel.platform})</span>}
        </li>
      ))}
    </ul>
  );
}
