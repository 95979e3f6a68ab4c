import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { forbidden } from "next/navigation";
import { CustomersList } from "@/components/manager/customers-list";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { storesForViewer } from "@/lib/auth/kitchen";
import { requirePageViewer } from "@/lib/auth/page";
import { customersSearchSchema } from "@/lib/contract/customers";
import { storeChoiceSchema } from "@/lib/contract/route-params";
import { searchParamsRecord } from "@/lib/contract/search-params";
import { getDb } from "@/lib/db";
import { listCustomers } from "@/lib/own-orders/customer-admin";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("customers");
  return { title: t("title") };
}

/**
 * A restaurant's customers (issue 30 point 4), read on the server for the stores the manager
 * manages only (listCustomers checks the store again). A plain GET form (?store=&q=): the search is
 * in the address and works before any JavaScript.
 */
export default async function CustomersPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const viewer = await requirePageViewer({ role: "manager" }, "/manager/customers");
  const record = searchParamsRecord(await searchParams);
  const { store: asked } = storeChoiceSchema.parse(record);
  const q = customersSearchSchema.parse(record).q ?? "";
  const [t, stores] = await Promise.all([getTranslations("customers"), storesForViewer(viewer)]);
  const selected = asked ? stores.find((store) => store.id === asked) : stores[0];
  if (asked && !selected) forbidden();
  const rows = selected ? await listCustomers(await getDb(), viewer, selected.id, q) : [];
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-extrabold">{t("title")}</h1>
      <p className="max-w-3xl text-lg text-zinc-300">{t("intro")}</p>
      {selected ? (
        <>
          <form method="get" action="/manager/customers" role="search" className="flex flex-wrap items-end gap-3">
            {stores.length > 1 && (
              <Field label={t("store")} id="customers-store" quiet className="text-lg">
                {(control) => <Select {...control} name="store" defaultValue={selected.id} choices={stores} />}
              </Field>
            )}
            <Field label={t("search")} id="customers-search" quiet className="min-w-64 flex-1 text-lg">
              {(control) => <input {...control} type="search" name="q" defaultValue={q} autoComplete="off" />}
            </Field>
            <Button variant="outline" type="submit">
              {t("searchButton")}
            </Button>
          </form>
          <CustomersList
            storeId={selected.id}
            customers={rows.map((row) => ({
              id: row.id,
              name: row.name,
              phoneKey: row.phoneKey,
              addresses: row.addresses.map((a) =>
                [`${a.street}, ${a.number}`, a.complement, a.district, a.city].filter(Boolean).join(" – "),
              ),
              notes: row.notes ?? "",
              ordersCount: row.ordersCount,
              lastOrderAt: row.lastOrderAt,
            }))}
            searched={q.trim() !== ""}
          />
        </>
      ) : (
        <p className="text-lg">{t("noStores")}</p>
      )}
    </div>
  );
}
