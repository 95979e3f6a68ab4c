"use client";

import { useTranslations } from "next-intl";
import { TechnicalDetails } from "@/components/ui/technical-details";
import type { StoreOperations } from "@/lib/contract/manager";

/**
 * The channel's platform's discovery manifest (issue 29): the dialect Comanda speaks with it, how
 * the last read went in a sentence (why it was refused, and that the connection stays on what
 * worked before), when it was last read, the operations it offers and, in 2.0, how its catalogue
 * is kept in sync.
 */
export function DiscoverySection({
  store,
  headingId,
  when,
}: {
  store: StoreOperations;
  headingId: string;
  when: (iso: string | null) => string;
}) {
  const t = useTranslations("operations.discovery");
  const tOperations = useTranslations("operations");
  const discovery = store.discovery;
  const id = `${headingId}-discovery`;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h3 id={id} className="text-xl font-bold">
        {t("heading")}
      </h3>
      {!discovery ? (
        <p className="text-lg">{t("notYet")}</p>
      ) : (
        <>
          <p className={`text-lg ${discovery.state === "read" ? "" : "text-late"}`}>
            {discovery.dialect === null
              ? t("inactiveSentence")
              : t(`sentence.${discovery.state}`, { dialect: discovery.dialect })}
          </p>
          <dl className="grid gap-x-6 gap-y-2 text-lg sm:grid-cols-[max-content_1fr]">
            <dt className="text-zinc-400">{t("dialect")}</dt>
            <dd>{discovery.dialect === null ? t("inactive") : t("dialectValue", { dialect: discovery.dialect })}</dd>
            <dt className="text-zinc-400">{t("manifest")}</dt>
            <dd>{t(`state.${discovery.state}`)}</dd>
            {discovery.dialect === "2.0" && (
              // How sold-out marks and counts reach it (lib/platform/v2/catalogue.ts).
              <>
                <dt className="text-zinc-400">{t("catalogue")}</dt>
                <dd>{t(`catalogueModel.${discovery.catalogSyncModel ?? "none"}`)}</dd>
              </>
            )}
            <dt className="text-zinc-400">{t("lastRead")}</dt>
            <dd>{when(discovery.readAt)}</dd>
            {discovery.checkedAt !== discovery.readAt && (
              <>
                <dt className="text-zinc-400">{t("lastChecked")}</dt>
                <dd>{when(discovery.checkedAt)}</dd>
              </>
            )}
          </dl>
          {(discovery.problem || discovery.operations) && (
            // The platform's own words: what it refused with, the operations by the standard's names.
            <TechnicalDetails summary={tOperations("technical")}>
              {discovery.problem && <p className="break-words text-zinc-400">{discovery.problem}</p>}
              {discovery.operations && (
                <p className="break-words text-zinc-400">
                  {t("operations")}: {discovery.operations.length > 0 ? discovery.operations.join(", ") : t("none")}
                </p>
              )}
            </TechnicalDetails>
          )}
        </>
      )}
    </section>
  );
}
