"use client";

import { useTranslations } from "next-intl";
import type { CustomerFound } from "@/lib/contract/own-order-form";
import { EMPTY_ADDRESS, type DraftAddress } from "./draft";

type SavedAddress = CustomerFound["addresses"][number];

/** The same place: street, number and complement (as the server keeps one address per place). */
function samePlace(a: Pick<DraftAddress, "street" | "number" | "complement">, b: SavedAddress): boolean {
  const key = (street: string, number: string, complement: string | undefined) =>
    [street, number, complement ?? ""].map((part) => part.trim().toLowerCase()).join("|");
  return key(a.street, a.number, a.complement) === key(b.street, b.number, b.complement);
}

const line = (address: SavedAddress) =>
  [`${address.street}, ${address.number}${address.complement ? ` ${address.complement}` : ""}`, address.district]
    .filter(Boolean)
    .join(" – ");

/**
 * A returning customer's saved addresses (issue 30), newest first, as radio buttons: Tab reaches
 * the chosen one, the arrows choose another and fill the address (the delivery fee follows, the
 * server prices the new district); "Outro endereço" empties it for a new one, the city kept.
 */
export function SavedAddresses({
  addresses,
  address,
  onChoose,
}: {
  addresses: readonly SavedAddress[];
  address: DraftAddress;
  onChoose: (address: DraftAddress) => void;
}) {
  const t = useTranslations("ownOrder.form");
  if (addresses.length === 0) return null;
  const chosen = addresses.findIndex((saved) => samePlace(address, saved));
  const option = (key: string, label: string, checked: boolean, choose: () => void) => (
    <label
      key={key}
      className="flex min-h-12 cursor-pointer items-center gap-2 rounded-lg border-2 border-zinc-600 px-3 text-lg has-checked:border-zinc-100 has-checked:bg-zinc-700 has-focus-visible:outline-2 has-focus-visible:outline-sky-400"
    >
      <input
        id={`own-order-saved-${key}`}
        type="radio"
        name="own-order-saved-address"
        checked={checked}
        onChange={choose}
        className="size-5"
      />
      {label}
    </label>
  );
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-lg font-semibold">{t("savedAddress")}</legend>
      {addresses.map((saved, index) =>
        option(String(index), line(saved), chosen === index, () =>
          onChoose({
            ...EMPTY_ADDRESS,
            ...saved,
            complement: saved.complement ?? "",
            reference: saved.reference ?? "",
          }),
        ),
      )}
      {option("new", t("newAddress"), chosen === -1, () => onChoose({ ...EMPTY_ADDRESS, city: address.city }))}
    </fieldset>
  );
}
