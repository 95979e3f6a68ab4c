import { useTranslations } from "next-intl";
import type { ChipChannel } from "./channel-chip";
import { chipStyle } from "./channel-chip";

/**
 * The board's filter by channel (issue 28), shown when a restaurant has two or more: "Todos" and
 * a toggle per channel with how many of the board's orders it has. While it hides orders, it says
 * how many ("3 pedidos ocultos pelo filtro"): nothing is out of view without the board saying so.
 *
 * On a phone the toggles are one line that scrolls sideways (the last one cut at the edge shows
 * there is more): wrapped, three channels took two lines of the first screen from the orders. The
 * hidden count is outside that line, on its own, so it never scrolls out of sight. The line takes
 * what "Novo pedido" leaves, but never less than 10 rem: beside the button's "order taken" line
 * it goes to a line of its own rather than scroll through a sliver. It is `relative` so that the
 * toggles' screen-reader text (absolutely placed) is clipped with them: else the last one's
 * widened the page by a pixel, and a phone's page scrolled sideways.
 */
export function ChannelFilterBar({
  channels,
  counts,
  shown,
  hidden,
  onAll,
  onToggle,
}: {
  channels: readonly ChipChannel[];
  counts: ReadonlyMap<string, number>;
  /** The channels shown; null: every channel ("Todos"). */
  shown: ReadonlySet<string> | null;
  hidden: number;
  onAll: () => void;
  onToggle: (channelId: string) => void;
}) {
  const t = useTranslations("channels.filter");
  const toggle = "min-h-12 shrink-0 rounded-lg px-2.5 text-base font-semibold whitespace-nowrap";
  return (
    <>
      <div
        className="relative flex flex-wrap items-center gap-1 max-md:min-w-40 max-md:flex-1 max-md:basis-0 max-md:flex-nowrap max-md:overflow-x-auto"
        role="group"
        aria-label={t("label")}
        data-testid="channel-filter"
      >
        <button
          type="button"
          aria-pressed={shown === null}
          onClick={onAll}
          className={`${toggle} ${shown === null ? "bg-zinc-200 text-zinc-950" : "bg-zinc-900 text-zinc-200"}`}
        >
          {t("all")}
        </button>
        {channels.map((channel) => {
          const pressed = shown?.has(channel.id) ?? false;
          const count = counts.get(channel.id) ?? 0;
          return (
            <button
              key={channel.id}
              type="button"
              aria-pressed={pressed}
              onClick={() => onToggle(channel.id)}
              data-channel={channel.id}
              className={`${toggle} flex items-center gap-1.5 ${pressed ? "bg-zinc-200 text-zinc-950" : "bg-zinc-900 text-zinc-200"}`}
            >
              {/* The channel's colour, as on its cards' chips. */}
              <span
                aria-hidden="true"
                className="size-3 shrink-0 rounded-full"
                style={{ backgroundColor: chipStyle(channel.color).backgroundColor }}
              />
              <span className="max-w-[7rem] truncate">{channel.label}</span>
              <span aria-hidden="true" className="tabular-nums">
                {count}
              </span>
              <span className="sr-only">: {t("count", { count })}</span>
            </button>
          );
        })}
      </div>
      {hidden > 0 && (
        <p
          className="rounded-lg border-2 border-attention px-2 py-1 text-base font-semibold text-attention max-md:basis-full"
          role="status"
        >
          <span aria-hidden="true">⚠ </span>
          {t("hidden", { count: hidden })}
        </p>
      )}
    </>
  );
}
