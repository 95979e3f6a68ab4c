"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useErrorText } from "@/components/use-error-text";
import { newStaffAnswerSchema, type NewStaffRequest, type StaffChangeRequest, type StaffMember } from "@/lib/contract/auth";
import { apiRequest, apiSend } from "@/lib/contract/client";

type Member = StaffMember;

interface Props {
  staff: Member[];
  stores: Array<{ id: string; name: string }>;
  selfId: number;
}

const field = "min-h-12 rounded-lg border-2 border-zinc-600 bg-zinc-900 px-3 text-lg";
const button = "min-h-12 rounded-lg border-2 border-zinc-500 px-4 text-lg font-semibold active:bg-zinc-800";

/** Managers add kitchen staff (with a PIN, or email and password), disable them, reset PINs. */
export function StaffAdmin({ staff, stores, selfId }: Props) {
  const t = useTranslations("staff");
  const router = useRouter();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const errorText = useErrorText();

  async function report(request: Promise<unknown>, done: string) {
    try {
      await request;
      setMessage({ ok: true, text: done });
      router.refresh();
    } catch (error) {
      // The server's sentence names the exact problem (a taken PIN, an email in use).
      setMessage({ ok: false, text: errorText(error, { preferServerMessage: true, fallback: t("failed") }) });
    }
  }
  const change = (id: number, body: StaffChangeRequest, done: string) => report(apiSend(`/api/staff/${id}`, { method: "PATCH", body }), done);

  async function add(form: FormData) {
    const text = (name: string) => String(form.get(name) ?? "").trim() || undefined;
    const body: NewStaffRequest = { name: text("name") ?? "", storeId: text("storeId") ?? "", pin: text("pin"), email: text("email"), password: text("password") };
    await report(apiRequest(newStaffAnswerSchema, "/api/staff", { method: "POST", body }), t("added"));
  }

  const storeName = (id: string) => stores.find((store) => store.id === id)?.name ?? id;
  return (
    <div className="flex flex-col gap-6">
      {message && (
        <p role={message.ok ? "status" : "alert"} className={`rounded-md px-4 py-2 text-lg font-semibold ${message.ok ? "bg-emerald-950 text-emerald-200" : "bg-red-950 text-red-200"}`}>
          {message.text}
        </p>
      )}
      <ul className="flex flex-col gap-2" aria-label={t("list")}>
        {staff.map((member) => (
          <li key={member.id} className="flex flex-wrap items-center gap-3 rounded-lg bg-zinc-800 px-4 py-3">
            <div className="min-w-48 flex-1">
              <p className="text-xl font-bold">
                {member.name} {member.disabled && <span className="ml-2 rounded border border-overdue px-2 text-base text-overdue">{t("disabled")}</span>}
              </p>
              <p className="text-zinc-300">
                {t(`role.${member.role === "admin" || member.role === "manager" ? member.role : "kitchen"}`)}
                {member.email ? ` · ${member.email}` : ""} · {member.storeIds.map(storeName).join(", ") || t("allStores")}
              </p>
            </div>
            {member.id !== selfId && (
              <button type="button" className={button} onClick={() => void change(member.id, { disabled: !member.disabled }, member.disabled ? t("enabled") : t("disabledDone"))}>
                {member.disabled ? t("enable") : t("disable")}
              </button>
            )}
            <form
              action={async (form) => {
                const pin = String(form.get("pin") ?? "");
                await change(member.id, { pin }, t("pinReset"));
              }}
              className="flex items-center gap-2"
            >
              <label className="sr-only" htmlFor={`pin-${member.id}`}>
                {t("newPin", { name: member.name })}
              </label>
              <input id={`pin-${member.id}`} name="pin" inputMode="numeric" pattern="\d{4,6}" maxLength={6} required placeholder={t("pinPlaceholder")} className={`${field} w-28`} />
              <button type="submit" className={button}>
                {t("resetPin")}
              </button>
            </form>
          </li>
        ))}
      </ul>

      <form action={add} className="flex flex-col gap-3 rounded-lg border-2 border-zinc-700 p-4">
        <h2 className="text-2xl font-bold">{t("add")}</h2>
        <div className="grid gap-3 md:grid-cols-2">
          <label className="flex flex-col gap-1 text-lg font-semibold">
            {t("name")}
            <input name="name" required className={field} />
          </label>
          <label className="flex flex-col gap-1 text-lg font-semibold">
            {t("store")}
            <select name="storeId" className={field}>
              {stores.map((store) => (
                <option key={store.id} value={store.id}>
                  {store.name}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-lg font-semibold">
            {t("pin")}
            <input name="pin" inputMode="numeric" pattern="\d{4,6}" maxLength={6} className={field} />
          </label>
          <label className="flex flex-col gap-1 text-lg font-semibold">
            {t("emailOptional")}
            <input name="email" type="email" autoComplete="off" className={field} />
          </label>
          <label className="flex flex-col gap-1 text-lg font-semibold">
            {t("passwordOptional")}
            <input name="password" type="password" autoComplete="new-password" minLength={10} className={field} />
          </label>
        </div>
        <button type="submit" className="min-h-14 rounded-lg bg-go px-6 text-xl font-bold text-zinc-950 active:bg-emerald-300">
          {t("addSubmit")}
        </button>
      </form>
    </div>
  );
}
