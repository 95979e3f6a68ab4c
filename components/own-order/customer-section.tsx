"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { customerDetailSchema } from "@/lib/contract/own-order-form";
import { apiRequest } from "@/lib/contract/client";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import type { OwnOrderLine } from "@/lib/contract/own-order";
import type { Draft } from "./draft";
import { useCustomerLookup } from "./use-customer-lookup";

/**
 * The customer, by phone first (issue 30): a number the restaurant has served fills the name and
 * the address (the newest saved one; the others are offered by the address, ./saved-addresses.tsx)
 * and offers "repetir pedido"; an unknown one is a new customer, saved by the server with the order.
 */
export function CustomerSection({
  storeId,
  draft,
  update,
  onRepeat,
  defaultDdd,
}: {
  storeId: string;
  /** The restaurant's DDD, assumed for a local number (the form's menu, lib/own-orders/form-menu.ts). */
  defaultDdd: string | null;
  draft: Draft;
  update: (change: Partial<Draft> | ((draft: Draft) => Partial<Draft>)) => void;
  onRepeat: (lines: readonly OwnOrderLine[], source: Draft["source"], type: Draft["type"]) => void;
}) {
  const t = useTranslations("ownOrder.form");
  const { lookup, found, whole } = useCustomerLookup(storeId, draft.phone, defaultDdd);
  // Filled once per customer found: what the operator then changes stays changed.
  const [filledFor, setFilledFor] = useState<string | null>(null);
  if (found && filledFor !== found.id) {
    setFilledFor(found.id);
    const address = found.addresses[0];
    update((current) => ({
      name: current.name.trim() === "" ? found.name : current.name,
      ...(address && current.address.street.trim() === ""
        ? {
            address: {
              ...current.address,
              ...address,
              complement: address.complement ?? "",
              reference: address.reference ?? "",
            },
          }
        : {}),
    }));
  }
  const [repeated, setRepeated] = useState(false);
  const repeat = useQuery({
    queryKey: ["ownOrderCustomerDetail", storeId, found?.id],
    queryFn: ({ signal }) =>
      apiRequest(
        customerDetailSchema,
        `/api/customers/${encodeURIComponent(found!.id)}?storeId=${encodeURIComponent(storeId)}`,
        { signal },
      ),
    enabled: Boolean(found),
    staleTime: 60_000,
  });
  const lastOrder = repeat.data?.lastOrder;

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-xl font-bold">{t("customer")}</legend>
      <Field label={t("phone")} hint={t("phoneHint")} id="own-order-phone">
        {(control) => (
          <input
            {...control}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            maxLength={40}
            value={draft.phone}
            onChange={(event) => update({ phone: event.target.value })}
          />
        )}
      </Field>
      <p role="status" className="min-h-6 text-base text-zinc-300">
        {!whole
          ? ""
          : lookup.isFetching && !found
            ? t("searching")
            : found
              ? found.name
                ? t("known", { name: found.name })
                : t("knownNoName")
              : lookup.isSuccess
                ? t("newCustomer")
                : ""}
        {repeated ? ` ${t("repeated")}` : ""}
      </p>
      {found?.notes && <p className="rounded-md bg-amber-950 px-3 py-2 text-base text-amber-100">{found.notes}</p>}
      {lastOrder && lastOrder.lines.length > 0 && (
        <Button
          variant="secondary"
          className="self-start"
          onClick={() => {
            setRepeated(true);
            onRepeat(lastOrder.lines, lastOrder.source, lastOrder.type);
          }}
        >
          {t("repeat")}
        </Button>
      )}
      <Field label={t("name")} id="own-order-name">
        {(control) => (
          <input
            {...control}
            type="text"
            autoComplete="off"
            maxLength={80}
            value={draft.name}
            onChange={(event) => update({ name: event.target.value })}
          />
        )}
      </Field>
    </fieldset>
  );
}
