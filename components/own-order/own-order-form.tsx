"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useDeferredValue, useEffect, useRef, useState } from "react";
import { orderActionAnswerSchema } from "@/lib/contract/board";
import { apiRequest } from "@/lib/contract/client";
import { ownOrderMenuSchema, ownOrderQuoteSchema, type OwnOrderMenu } from "@/lib/contract/own-order-form";
import { formatCents } from "@/lib/own-orders/money";
import { Button } from "@/components/ui/button";
import { CustomerSection } from "./customer-section";
import type { OwnOrderEditable } from "@/lib/contract/own-order";
import {
  defaultChoices,
  draftFrom,
  linesFrom,
  parseReais,
  readyToPrice,
  toEdit,
  toInput,
  type DraftLine,
} from "./draft";
import { FulfilmentSection } from "./fulfilment-section";
import { OrderLine } from "./order-line";
import { OrderTotal } from "./order-total";
import { PaymentSection } from "./payment-section";
import { scheduleRefused } from "./schedule-field";
import { SearchPicker, type PickerEntry } from "./search-picker";
import { useDraft } from "./use-draft";
import { reasonOf, useOwnOrderError } from "./use-own-order-error";

/**
 * The order form of one restaurant (issue 30): customer, channel and type, address, items,
 * payment, the server's live total, and send (the button or Ctrl+Enter). `onTaken` gets the new
 * order's display id once the server made it; the draft is cleared then, not before.
 */
export function OwnOrderForm({
  storeId,
  editing,
  onTaken,
}: {
  storeId: string;
  /** An order on the board being edited (./edit-order-button.tsx): saved over it, not taken anew. */
  editing?: { orderId: string; editable: OwnOrderEditable };
  onTaken: (displayId: string) => void;
}) {
  const t = useTranslations("ownOrder.form");
  const menu = useQuery({
    queryKey: ["ownOrderMenu", storeId],
    queryFn: ({ signal }) =>
      apiRequest(ownOrderMenuSchema, `/api/orders/own/form?storeId=${encodeURIComponent(storeId)}`, { signal }),
    staleTime: 30_000,
  });
  if (menu.isPending)
    return (
      <p className="p-4 text-xl" role="status">
        {t("loading")}
      </p>
    );
  if (menu.isError)
    return (
      <div className="flex flex-col items-start gap-3 p-4" role="alert">
        <p className="text-xl">{t("loadError")}</p>
        <Button variant="secondary" onClick={() => void menu.refetch()}>
          {t("retry")}
        </Button>
      </div>
    );
  return <LoadedForm storeId={storeId} menu={menu.data} editing={editing} onTaken={onTaken} />;
}

const FIELD_REASONS: readonly string[] = ["outsideDeliveryArea", "trocoBelowTotal", "scheduledInPast"];

function LoadedForm({
  storeId,
  menu,
  editing,
  onTaken,
}: {
  storeId: string;
  menu: OwnOrderMenu;
  editing: { orderId: string; editable: OwnOrderEditable } | undefined;
  onTaken: (displayId: string) => void;
}) {
  const t = useTranslations("ownOrder.form");
  const tErrors = useTranslations("ownOrder.errors");
  const errorText = useOwnOrderError();
  const { draft, update, reset } = useDraft(
    storeId,
    menu.defaultCity,
    editing && (() => draftFrom(editing.editable, menu, () => crypto.randomUUID())),
  );
  const search = useRef<HTMLInputElement>(null);
  // The phone first (issue 30). After the dialog's own opening focus (its first button), which
  // runs after this component's effects when the menu was already loaded.
  useEffect(() => {
    const frame = requestAnimationFrame(() => document.getElementById("own-order-phone")?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);
  const [justAdded, setJustAdded] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  // Why the last send was refused, said until the draft changes (then it may no longer be true).
  const [sendError, setSendErrorFor] = useState<{ text: string; draft: typeof draft } | null>(null);
  const setSendError = (text: string | null) => setSendErrorFor(text === null ? null : { text, draft });
  const shownError = sendError?.draft === draft ? sendError.text : null;

  // The live total: the server prices the draft (deferred, so typing stays quick).
  const quoteInput = useDeferredValue(JSON.stringify(toInput(draft, storeId, { forQuote: true })));
  const quote = useQuery({
    queryKey: ["ownOrderQuote", quoteInput],
    queryFn: ({ signal }) =>
      apiRequest(ownOrderQuoteSchema, "/api/orders/own/quote", {
        method: "POST",
        body: JSON.parse(quoteInput) as unknown,
        signal,
      }),
    enabled: readyToPrice(draft),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const quoteReason = quote.isError ? reasonOf(quote.error) : undefined;

  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: () =>
      editing
        ? apiRequest(orderActionAnswerSchema, `/api/orders/${encodeURIComponent(editing.orderId)}/edit`, {
            method: "PUT",
            body: toEdit(draft),
          })
        : apiRequest(orderActionAnswerSchema, "/api/orders/own", { method: "POST", body: toInput(draft, storeId) }),
    onSuccess: ({ order }) => {
      // The customer this order saved (or their last order) is news to the lookups kept for a minute.
      void queryClient.invalidateQueries({ queryKey: ["ownOrderCustomer", storeId] });
      void queryClient.invalidateQueries({ queryKey: ["ownOrderCustomerDetail", storeId] });
      reset();
      onTaken(order.displayId);
    },
    onError: (error) => setSendError(reasonOf(error) ? errorText(error) : `${errorText(error)} ${t("failed")}`),
  });

  const changeFor = parseReais(draft.changeFor);
  const total = quote.data?.totalCents;
  const trocoBelow =
    draft.method === "CASH" && typeof changeFor === "number" && total !== undefined && changeFor < total
      ? tErrors("trocoBelowTotal", { detail: formatCents(total) })
      : quoteReason === "trocoBelowTotal"
        ? errorText(quote.error)
        : undefined;

  const submit = () => {
    setSendError(null);
    if (draft.lines.length === 0) return setSendError(tErrors("noItems"));
    if (trocoBelow) return setSendError(trocoBelow);
    if (scheduleRefused(draft, new Date())) return document.getElementById("own-order-schedule")?.focus();
    if (!send.isPending) send.mutate();
  };

  const entries: PickerEntry[] = [
    ...menu.items.map((item) => ({
      id: `item:${item.id}`,
      label: item.name,
      detail: [item.code, item.category].filter(Boolean).join(" · "),
      aside: formatCents(item.priceCents),
      soldOut: item.soldOut,
    })),
    ...menu.pizzaSizes.map((size) => ({
      id: `pizza:${size.id}`,
      label: size.name,
      detail: t("pizzaTag"),
      soldOut: size.soldOut,
    })),
  ];

  const addLine = (entry: PickerEntry) => {
    if (entry.soldOut) return setRefused(tErrors("soldOut", { detail: entry.label }));
    setRefused(null);
    const [kind, id] = entry.id.split(":") as ["item" | "pizza", string];
    const menuId = Number(id);
    const properties =
      kind === "pizza"
        ? (menu.pizzaSizes.find((size) => size.id === menuId)?.properties ?? [])
        : (menu.items.find((item) => item.id === menuId)?.properties ?? []);
    const line: DraftLine = {
      key: crypto.randomUUID(),
      kind,
      menuId,
      flavorIds: [],
      quantity: 1,
      choices: defaultChoices(properties),
      note: "",
    };
    update((current) => ({ lines: [...current.lines, line] }));
    // A pizza goes on to its flavours; an item leaves the focus in the search for the next one.
    setJustAdded(kind === "pizza" ? line.key : null);
  };

  const setLine = (key: string, line: DraftLine | null) =>
    update((current) => ({
      lines: line
        ? current.lines.map((entry) => (entry.key === key ? line : entry))
        : current.lines.filter((entry) => entry.key !== key),
    }));

  return (
    <form
      noValidate
      aria-label={t("title")}
      className="flex min-h-0 flex-1 flex-col"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      onKeyDown={(event) => {
        if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
          event.preventDefault();
          submit();
        }
      }}
    >
      <div className="grid min-h-0 flex-1 grid-cols-1 gap-4 overflow-y-auto p-4 md:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
        <div className="flex flex-col gap-4">
          <CustomerSection
            storeId={storeId}
            defaultDdd={menu.defaultDdd}
            draft={draft}
            update={update}
            onRepeat={(lines, source, type) =>
              update({ lines: linesFrom(lines, menu, () => crypto.randomUUID()), source, type })
            }
          />
          <FulfilmentSection
            storeId={storeId}
            draft={draft}
            update={update}
            areas={menu.areas}
            defaultDdd={menu.defaultDdd}
            fixedSource={editing !== undefined}
          />
          {draft.type === "delivery" && quote.data?.zone && (
            <p className="text-lg text-emerald-300" role="status">
              {t("zone", { zone: quote.data.zone, fee: formatCents(quote.data.deliveryFeeCents) })}
            </p>
          )}
          {quoteReason === "outsideDeliveryArea" && (
            <div role="alert" className="flex flex-col items-start gap-2 rounded-lg border-2 border-amber-500 p-3">
              <p className="text-lg">{errorText(quote.error)}</p>
              <Button variant="secondary" onClick={() => update({ type: "takeout" })}>
                {t("offerTakeout")}
              </Button>
            </div>
          )}
        </div>
        <div className="flex flex-col gap-4">
          <section aria-labelledby="own-order-items" className="flex flex-col gap-3">
            <h3 id="own-order-items" className="text-xl font-bold">
              {t("items")}
            </h3>
            {!menu.imported && <p role="alert">{tErrors("menuMissing")}</p>}
            <SearchPicker
              label={t("search")}
              hint={t("searchHint")}
              entries={entries}
              inputRef={search}
              onPick={addLine}
              // The items done: straight on to payment, past every line's fields (keyboard-first).
              onEmptyEnter={() => document.getElementById("own-order-method")?.focus()}
              noResults={t("noResults")}
              soldOutTag={t("soldOutTag")}
            />
            {refused && (
              <p role="alert" className="text-lg font-semibold text-red-300">
                {refused}
              </p>
            )}
            {draft.lines.length === 0 ? (
              <p className="text-lg text-zinc-400">{t("noLines")}</p>
            ) : (
              <ol className="flex flex-col gap-2" aria-label={t("items")}>
                {draft.lines.map((line) => (
                  <OrderLine
                    key={line.key}
                    line={line}
                    menu={menu}
                    focusFlavor={justAdded === line.key}
                    onChange={(next) => setLine(line.key, next)}
                    onRemove={() => {
                      setLine(line.key, null);
                      search.current?.focus();
                    }}
                    onDone={() => search.current?.focus()}
                    onRefused={(name) => setRefused(tErrors("soldOut", { detail: name }))}
                  />
                ))}
              </ol>
            )}
            {/* Said by their own fields: the area by the address, the troco and the time by theirs. */}
            {quote.isError && !FIELD_REASONS.includes(quoteReason ?? "") && (
              <p role="alert" className="text-lg font-semibold text-red-300">
                {errorText(quote.error)}
              </p>
            )}
          </section>
          <PaymentSection draft={draft} update={update} trocoError={trocoBelow} editing={editing !== undefined} />
        </div>
      </div>
      <footer className="flex flex-wrap items-center justify-between gap-3 border-t border-zinc-700 px-4 py-2">
        {shownError && (
          <p role="alert" className="basis-full text-lg font-semibold text-red-300">
            {shownError}
          </p>
        )}
        <div className="min-w-48 flex-1 max-md:basis-full">
          <OrderTotal quote={readyToPrice(draft) ? quote.data : undefined} pending={quote.isFetching} />
        </div>
        <div className="ml-auto flex flex-wrap items-center justify-end gap-2">
          {!editing && (
            <Button
              variant="ghost"
              size="sm"
              className="whitespace-nowrap"
              onClick={() => {
                reset();
                setSendError(null);
              }}
            >
              {t("discard")}
            </Button>
          )}
          <Button
            variant="primary"
            size="lg"
            type="submit"
            className="whitespace-nowrap"
            disabled={send.isPending}
            aria-keyshortcuts="Control+Enter"
          >
            {editing ? (send.isPending ? t("saving") : t("save")) : send.isPending ? t("sending") : t("submit")}
            <span className="ml-2 text-base font-normal max-md:hidden">({t("submitShortcut")})</span>
          </Button>
        </div>
      </footer>
    </form>
  );
}
