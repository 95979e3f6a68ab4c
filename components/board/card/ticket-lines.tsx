import { useTranslations } from "next-intl";
import type { KitchenLine } from "@/lib/contract/board";
import { optionsText } from "./order-format";
import { emphasise } from "./ticket-emphasis";

/** A customer's note with its allergy and "sem …" words boxed, so no cook reads past them. */
export function TicketNote({ note, label }: { note: string; label: string }) {
  return (
    <p className="rounded-md border-2 border-attention px-1.5 font-semibold break-words text-attention">
      {/* A real space after the label: without one, "pedido:" and the note's first word were one
          word to the browser, and an emphasised "ALERGIA" broke in two to fit. */}
      <span className="font-bold">{label}:</span>{" "}
      {emphasise(note).map((part, index) =>
        part.emphasis ? (
          <strong
            key={index}
            // Kept on one line when it fits one ("sem cebola" never split across two).
            className="inline-block max-w-full rounded bg-attention px-1 font-extrabold text-zinc-950 uppercase"
          >
            {part.text}
          </strong>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}

/**
 * The ticket: every item with its quantity, its options multiplied by the item's quantity (what
 * to put on the plate, not per unit) and its note in full. Nothing is cut: a long order makes a
 * long ticket, which the rail lets run into the next column.
 */
export function TicketLines({
  lines,
  indexes,
  done = [],
  onToggle,
}: {
  lines: readonly KitchenLine[];
  /** A ticket's part shows these lines only (ticket-parts.ts); all of them by default. */
  indexes?: readonly number[];
  /** Lines a cook marked done: struck through. */
  done?: readonly number[];
  /** Given, each line is a toggle button (item marks); the ticket sits above the card's open layer. */
  onToggle?: (line: number, done: boolean) => void;
}) {
  const t = useTranslations("ticket");
  return (
    <ul
      aria-label={t("items")}
      className={`flex flex-col gap-0.5 text-base leading-tight ${onToggle ? "relative" : ""}`}
    >
      {(indexes ?? lines.map((_, index) => index)).map((index) => {
        const line = lines[index];
        if (!line) return null;
        const marked = done.includes(index);
        const item = (
          // The options run on after the item, smaller, and wrap only when long: a pizza's flavours,
          // dough and crust cost no line of their own, so a rush's tickets fit four whole.
          <span className="break-words">
            <span className={`font-semibold ${marked ? "line-through" : ""}`} data-item-line>
              {marked && <span aria-hidden="true">✓ </span>}
              <span className="tabular-nums">{line.quantity}×</span> {line.name}
            </span>
            {line.options.length > 0 && (
              <span className={`text-sm text-zinc-300 ${marked ? "line-through" : ""}`}>
                {" — "}
                {optionsText(line)}
              </span>
            )}
          </span>
        );
        return (
          <li key={index} className={`flex break-inside-avoid flex-col ${marked ? "opacity-60" : ""}`}>
            {onToggle ? (
              // The item and its options are one target: 44 px, as tall as a thumb needs and no taller
              // (a rush's tickets must fit four whole at 1024×768).
              <button
                type="button"
                aria-pressed={marked}
                onClick={() => onToggle(index, !marked)}
                className="-mx-1 flex min-h-11 flex-col justify-center rounded px-1 text-left active:bg-white/10"
              >
                {item}
              </button>
            ) : (
              item
            )}
            {line.note && (
              <div className="pl-4 text-sm">
                <TicketNote note={line.note} label={t("note")} />
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** New orders, compactly: "2× Temaki · 1× Coca" on as many lines as it takes, notes in full below. */
export function CompactLines({ lines }: { lines: readonly KitchenLine[] }) {
  const t = useTranslations("ticket");
  const notes = lines.filter((line) => line.note);
  return (
    <>
      <p className="text-sm leading-snug break-words text-zinc-200">
        <span className="sr-only">{t("items")}: </span>
        {lines.map((line) => `${line.quantity}× ${line.name}`).join(" · ")}
      </p>
      {notes.map((line, index) => (
        <div key={index} className="text-sm">
          <TicketNote note={line.note!} label={line.name} />
        </div>
      ))}
    </>
  );
}
