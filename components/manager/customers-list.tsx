"use client";

import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { apiSend } from "@/lib/contract/client";
import { formatPhoneKey } from "@/lib/own-orders/phone-key";
import { useErrorText } from "@/components/use-error-text";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { formatDateTime } from "@/components/history/format";

export interface CustomerListRow {
  id: string;
  name: string;
  phoneKey: string;
  addresses: string[];
  notes: string;
  ordersCount: number;
  lastOrderAt: string | null;
}

const customerUrl = (storeId: string, id: string) =>
  `/api/customers/${encodeURIComponent(id)}?storeId=${encodeURIComponent(storeId)}`;

/** The customers found: each with their phone, addresses, orders, an editable note and the LGPD delete. */
export function CustomersList({
  storeId,
  customers,
  searched,
}: {
  storeId: string;
  customers: CustomerListRow[];
  searched: boolean;
}) {
  const t = useTranslations("customers");
  if (customers.length === 0) return <p className="text-lg text-zinc-300">{t(searched ? "noMatch" : "none")}</p>;
  return (
    <ul className="flex flex-col gap-4" aria-label={t("listLabel")}>
      {customers.map((customer) => (
        <CustomerCard key={customer.id} storeId={storeId} customer={customer} />
      ))}
    </ul>
  );
}

function CustomerCard({ storeId, customer }: { storeId: string; customer: CustomerListRow }) {
  const t = useTranslations("customers");
  const locale = useLocale();
  const router = useRouter();
  const describeError = useErrorText();
  const [notes, setNotes] = useState(customer.notes);
  const [status, setStatus] = useState<"idle" | "saving" | "saved">("idle");
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const headingId = `customer-${customer.id}`;

  async function run(action: () => Promise<void>) {
    setError(null);
    try {
      await action();
    } catch (caught) {
      setError(describeError(caught));
      setStatus("idle");
    }
  }

  const saveNotes = () =>
    run(async () => {
      setStatus("saving");
      await apiSend(customerUrl(storeId, customer.id), { method: "PATCH", body: { notes } });
      setStatus("saved");
    });

  const forget = () =>
    run(async () => {
      await apiSend(customerUrl(storeId, customer.id), { method: "DELETE" });
      router.refresh();
    });

  return (
    <li aria-labelledby={headingId} className="flex flex-col gap-3 rounded-xl border-2 border-zinc-700 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={headingId} className="text-2xl font-bold">
          {customer.name || t("noName")}
        </h2>
        <p className="text-lg tabular-nums">{formatPhoneKey(customer.phoneKey)}</p>
      </div>
      <p className="text-lg text-zinc-300">
        {t("orders", { count: customer.ordersCount })}
        {customer.lastOrderAt && ` · ${t("lastOrder", { when: formatDateTime(locale, customer.lastOrderAt) })}`}
      </p>
      {customer.addresses.length > 0 && (
        <div>
          <h3 className="text-lg font-semibold">{t("addresses")}</h3>
          <ul className="list-disc pl-6 text-lg">
            {customer.addresses.map((address) => (
              <li key={address}>{address}</li>
            ))}
          </ul>
        </div>
      )}
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          void saveNotes();
        }}
      >
        <Field label={t("notes")} id={`${headingId}-notes`} className="min-w-64 flex-1">
          {(control) => (
            <input
              {...control}
              value={notes}
              maxLength={500}
              placeholder={t("notesPlaceholder")}
              onChange={(event) => {
                setNotes(event.target.value);
                setStatus("idle");
              }}
            />
          )}
        </Field>
        <Button variant="secondary" type="submit" disabled={status === "saving"}>
          {t("saveNotes")}
        </Button>
        {status === "saved" && (
          <p role="status" className="text-lg text-zinc-300">
            {t("notesSaved")}
          </p>
        )}
      </form>
      {error && (
        <p role="alert" className="text-lg font-semibold text-attention">
          {error}
        </p>
      )}
      {confirming ? (
        <div
          role="group"
          aria-label={t("forgetTitle")}
          className="flex flex-col gap-3 rounded-lg border-2 border-overdue p-3"
        >
          <p className="text-lg">{t("forgetExplain", { name: customer.name })}</p>
          <div className="flex flex-wrap gap-3">
            <Button variant="dangerSolid" onClick={() => void forget()}>
              {t("forgetConfirm")}
            </Button>
            <Button variant="outline" onClick={() => setConfirming(false)}>
              {t("forgetCancel")}
            </Button>
          </div>
        </div>
      ) : (
        <div>
          <Button variant="danger" onClick={() => setConfirming(true)}>
            {t("forget")}
          </Button>
        </div>
      )}
    </li>
  );
}
