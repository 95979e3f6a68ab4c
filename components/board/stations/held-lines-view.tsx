import { useTranslations } from "next-intl";
import type { BoardOrder } from "@/lib/contract/board";
import { MarkedTicket } from "../card/marked-ticket";

/**
 * A station ticket's held lines (hold and fire): never hidden, shown dimmed under a dashed rule,
 * grouped by when they start ("Segurar · começa em 4 min"). Not what the station's bump marks;
 * a cook who makes one early taps it done, as any line.
 */
export function HeldLines({ order, held }: { order: BoardOrder; held: ReadonlyMap<number, number> }) {
  const t = useTranslations("stations");
  const groups = new Map<number, number[]>();
  for (const [index, minutes] of held) groups.set(minutes, [...(groups.get(minutes) ?? []), index]);
  return [...groups.entries()]
    .sort(([a], [b]) => a - b)
    .map(([minutes, indexes]) => (
      <div
        key={minutes}
        role="group"
        aria-label={t("held", { minutes: String(minutes) })}
        data-held-line
        className="flex flex-col gap-1 border-t-2 border-dashed border-zinc-500 pt-1 opacity-60"
      >
        <p className="text-base font-bold text-zinc-200">{t("held", { minutes: String(minutes) })}</p>
        <MarkedTicket order={order} indexes={indexes.sort((a, b) => a - b)} />
      </div>
    ));
}

/** The sign of a ticket whose every line to make is held: it waits, after the fired tickets. */
export function HeldTicketSign({ minutes }: { minutes: number }) {
  const t = useTranslations("stations");
  return (
    <p role="status" className="rounded-md border-2 border-dashed border-zinc-400 px-2 py-1 text-lg font-bold">
      {t("heldTicket", { minutes: String(minutes) })}
    </p>
  );
}
