import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { OperationsView } from "@/components/operations/operations-view";
import { requirePageViewer } from "@/lib/auth/page";
import { operationsSchema } from "@/lib/contract/manager";
import { getOperations } from "@/lib/integrations/operations";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("operations");
  return { title: t("title") };
}

export default async function OperationsPage() {
  const viewer = await requirePageViewer({ role: "manager" }, "/manager/operations");
  const [t, initial] = await Promise.all([getTranslations("operations"), getOperations(viewer)]);
  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="mb-2 text-3xl font-extrabold">{t("title")}</h1>
        <p className="text-lg text-zinc-300">{t("intro")}</p>
      </div>
      <OperationsView initial={operationsSchema.parse(initial)} />
    </div>
  );
}
