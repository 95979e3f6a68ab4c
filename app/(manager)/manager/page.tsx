import { redirect } from "next/navigation";
import { requirePageViewer } from "@/lib/auth/page";

/** The back-office opens on the order history: what happened is the first question. */
export default async function ManagerHome() {
  await requirePageViewer({ role: "manager" }, "/manager");
  redirect("/manager/orders");
}
