"use client";

import { createContext, useContext, useId, useMemo, type ReactNode } from "react";
import type { OrderAction } from "@/lib/contract/board";
import type { ChannelStatus } from "@/lib/contract/stream";

/** By channel id: its platform's name and the actions that platform does not offer (issue 29). */
type NotOffered = ReadonlyMap<string, { platform: string | null; actions: readonly OrderAction[] }>;

const NotOfferedContext = createContext<NotOffered>(new Map());

/**
 * The actions each channel's platform does not offer, from the stream's status (its discovery
 * manifest declares no such operation): the buttons for them are shown disabled, saying why.
 */
export function NotOfferedProvider({
  channels,
  children,
}: {
  channels: readonly ChannelStatus[] | undefined;
  children: ReactNode;
}) {
  // The status comes every few seconds with new objects: the map changes only when this does.
  const key = JSON.stringify(
    (channels ?? []).flatMap((channel) =>
      channel.notOffered?.length ? [[channel.id, channel.platform, channel.notOffered] as const] : [],
    ),
  );
  const value = useMemo(
    () =>
      new Map(
        (JSON.parse(key) as [string, string | null, OrderAction[]][]).map(([id, platform, actions]) => [
          id,
          { platform, actions },
        ]),
      ),
    [key],
  );
  return <NotOfferedContext value={value}>{children}</NotOfferedContext>;
}

/** For one channel's orders: the platform's name when it does not offer an action, else null. */
export function useNotOfferedOn(channelId: string): (action: OrderAction) => string | null {
  const entry = useContext(NotOfferedContext).get(channelId);
  return (action) => (entry?.actions.includes(action) ? (entry.platform ?? "") : null);
}

/**
 * An action the platform does not offer: its button, disabled, with the reason beside it (read
 * with the button by a screen reader), e.g. "Plataforma B não oferece despacho por aqui".
 */
export function NotOfferedButton({ label, reason, className }: { label: string; reason: string; className: string }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <button type="button" disabled aria-describedby={id} className={`${className} cursor-not-allowed opacity-60`}>
        {label}
      </button>
      <p id={id} className="text-sm font-semibold text-zinc-300">
        {reason}
      </p>
    </div>
  );
}
