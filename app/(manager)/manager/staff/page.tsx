import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { StaffAdmin } from "@/components/manager/staff-admin";
import { storesForViewer } from "@/lib/auth/kitchen";
import { requirePageViewer } from "@/lib/auth/page";
import { listStaff } from "@/lib/auth/staff";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("staff");
  return { title: t("title") };
}

export default async function StaffPage() {
  const viewer = await requirePageViewer({ role: "manager" }, "/manager/staff");
  const [t, staff, stores] = await Promise.all([getTranslations("staff"), listStaff(viewer), storesForViewer(viewer)]);
  return (
    <>
      <h1 className="mb-4 text-3xl font-extrabold">{t("title")}</h1>
      <StaffAdmin staff={staff} stores={stores} selfId={viewer.userId} />
    </>
  );
}
