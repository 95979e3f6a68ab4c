import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { DeviceSettings } from "@/components/device/device-settings";
import type { StreamState } from "./use-board-stream";

/**
 * What the indicator says: the stream's state; while the stream is live, "no database" when the
 * server has lost it, else "no platform contact" when a store is down.
 */
export type ConnectionTruth = StreamState | "databaseDown" | "platformDown";

const STATE_STYLE: Record<ConnectionTruth, { dot: string; text: string }> = {
  connecting: { dot: "bg-zinc-400", text: "text-zinc-300" },
  live: { dot: "bg-go", text: "text-go" },
  reconnecting: { dot: "bg-stale", text: "text-stale" },
  databaseDown: { dot: "bg-overdue", text: "text-overdue" },
  platformDown: { dot: "bg-overdue", text: "text-overdue" },
};

/**
 * One connection truth: "live" only when the stream is live, the server has its database and every
 * store's platform answers. A green "Live" beside a red "no contact" told the kitchen two things at once.
 */
export function connectionTruth(
  streamState: StreamState,
  { databaseDown, platformDown }: { databaseDown: boolean; platformDown: boolean },
): ConnectionTruth {
  if (streamState !== "live") return streamState;
  if (databaseDown) return "databaseDown";
  return platformDown ? "platformDown" : "live";
}

/**
 * The board's top line: whether the data is live, then `children` (the platform contact, mute and
 * alarm banners, board-alerts.tsx), who is working (`session`) and the tablet's settings (language
 * among them). One line on a 1024 px tablet, so a rush's tickets get the height.
 */
export function StatusBar({
  truth,
  session,
  children,
}: {
  truth: ConnectionTruth;
  session?: ReactNode;
  children?: ReactNode;
}) {
  const t = useTranslations();
  const style = STATE_STYLE[truth];

  return (
    // On a phone the page scrolls: the connection state stays in sight at the top.
    // On a phone it is two rows (state and contact; mute, switch person, settings), not four: a
    // sticky header of a fifth of the screen hid the orders scrolling under it.
    <header className="sticky top-0 z-20 flex flex-wrap items-center justify-between gap-x-2 gap-y-1 border-b border-zinc-800 bg-zinc-950 px-3 py-0.5 md:static md:gap-x-4 md:px-4">
      <p className="hidden text-lg xl:block">
        <span className="font-bold">{t("app.name")}</span>
        <span className="text-zinc-400"> · {t("board.title")}</span>
      </p>
      <p role="status" className={`flex items-center gap-2 text-lg font-semibold whitespace-nowrap ${style.text}`}>
        <span aria-hidden="true" className={`inline-block size-3 rounded-full ${style.dot}`} />
        <span className="sr-only">{t("stream.label")}: </span>
        {t(`stream.${truth}`)}
      </p>
      {children}
      {/* The gear stays beside who is working, even when a phone wraps their line. */}
      <div className="flex items-center gap-2">
        <div className="min-w-0">{session}</div>
        <DeviceSettings />
      </div>
    </header>
  );
}

/** Said in words across the board, not only by the dot: the cards may not be the truth now. */
export function StaleBanner() {
  const t = useTranslations("stream");
  return (
    <p className="border-b-2 border-stale bg-stale/15 px-4 py-2 text-lg font-semibold text-stale">
      <span aria-hidden="true">⚠ </span>
      {t("stale")}
    </p>
  );
}
