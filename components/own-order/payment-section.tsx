"use client";

import { useTranslations } from "next-intl";
import { OWN_PAYMENT_METHODS } from "@/lib/contract/own-order";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { parseReais, type Draft } from "./draft";

/** Payment (dinheiro with troco para, PIX, cartão na entrega), the order's note, "confirm now". */
export function PaymentSection({
  draft,
  update,
  trocoError,
  editing = false,
}: {
  draft: Draft;
  update: (change: Partial<Draft>) => void;
  /** The sentence refusing the troco typed (below the total), when it is. */
  trocoError: string | undefined;
  /** Editing an order on the board: confirming it is the board's action, not the form's. */
  editing?: boolean;
}) {
  const t = useTranslations("ownOrder.form");
  const badAmount = parseReais(draft.changeFor) === undefined;
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-xl font-bold">{t("payment")}</legend>
      <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)] gap-3">
        <Field label={t("method")} id="own-order-method">
          {(control) => (
            <Select
              {...control}
              value={draft.method}
              onChange={(event) => update({ method: event.target.value as Draft["method"] })}
              choices={OWN_PAYMENT_METHODS.map((method) => ({ id: method, name: t(`methods.${method}`) }))}
            />
          )}
        </Field>
        {draft.method === "CASH" && (
          <Field
            label={t("changeFor")}
            id="own-order-change"
            hint={badAmount || trocoError ? undefined : t("changeForHint")}
            error={badAmount ? t("changeForInvalid") : trocoError}
          >
            {(control) => (
              <input
                {...control}
                type="text"
                inputMode="decimal"
                autoComplete="off"
                value={draft.changeFor}
                onChange={(event) => update({ changeFor: event.target.value })}
              />
            )}
          </Field>
        )}
      </div>
      <Field label={t("orderNote")} id="own-order-note">
        {(control) => (
          <input
            {...control}
            type="text"
            maxLength={500}
            value={draft.note}
            onChange={(event) => update({ note: event.target.value })}
          />
        )}
      </Field>
      {!editing && (
        <label className="flex min-h-12 items-center gap-3 text-lg">
          <input
            type="checkbox"
            className="size-6"
            checked={draft.confirmNow}
            onChange={(event) => update({ confirmNow: event.target.checked })}
          />
          {t("confirmNow")}
        </label>
      )}
    </fieldset>
  );
}
