"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { Notice } from "@/components/ui/notice";
import { useErrorText } from "@/components/use-error-text";
import {
  newStaffAnswerSchema,
  type NewStaffRequest,
  type StaffChangeRequest,
  type StaffMember,
} from "@/lib/contract/auth";
import { apiRequest, apiSend } from "@/lib/contract/client";

type Member = StaffMember;

interface Props {
  staff: Member[];
  stores: Array<{ id: string; name: string }>;
  selfId: number;
}

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
  const change = (id: number, body: StaffChangeRequest, done: string) =>
    report(apiSend(`/api/staff/${id}`, { method: "PATCH", body }), done);

  async function add(form: FormData) {
    const text = (name: string) => String(form.get(name) ?? "").trim() || undefined;
    const body: NewStaffRequest = {
      name: text("name") ?? "",
      storeId: text("storeId") ?? "",
      pin: text("pin"),
      email: text("email"),
      password: text("password"),
    };
    await report(apiRequest(newStaffAnswerSchema, "/api/staff", { method: "POST", body }), t("added"));
  }

  const storeName = (id: string) => stores.find((store) => store.id === id)?.name ?? id;
  return (
    <div className="flex flex-col gap-6">
      {message && <Notice tone={message.ok ? "success" : "error"}>{message.text}</Notice>}
      <ul className="flex flex-col gap-2" aria-label={t("list")}>
        {staff.map((member) => (
          <li key={member.id} className="flex flex-wrap items-center gap-3 rounded-lg bg-zinc-800 px-4 py-3">
            <div className="min-w-48 flex-1">
              <p className="text-xl font-bold">
                {member.name}{" "}
                {member.disabled && (
                  <span className="ml-2 rounded border border-overdue px-2 text-base text-overdue">
                    {t("disabled")}
                  </span>
                )}
              </p>
              <p className="text-zinc-300">
                {t(`role.${member.role === "admin" || member.role === "manager" ? member.role : "kitchen"}`)}
                {member.email ? ` · ${member.email}` : ""} ·{" "}
                {member.storeIds.map(storeName).join(", ") || t("allStores")}
              </p>
            </div>
            {member.id !== selfId && (
              <Button
                variant="outline"
                onClick={() =>
                  void change(
                    member.id,
                    { disabled: !member.disabled },
                    member.disabled ? t("enabled") : t("disabledDone"),
                  )
                }
              >
                {member.disabled ? t("enable") : t("disable")}
              </Button>
            )}
            <form
              action={async (form) => {
                const pin = String(form.get("pin") ?? "");
                await change(member.id, { pin }, t("pinReset"));
              }}
              className="flex items-center gap-2"
            >
              <Field label={t("newPin", { name: member.name })} hideLabel>
                {(control) => (
                  <input
                    {...control}
                    className={`${control.className} w-28`}
                    name="pin"
                    inputMode="numeric"
                    pattern="\d{4,6}"
                    maxLength={6}
                    required
                    placeholder={t("pinPlaceholder")}
                  />
                )}
              </Field>
              <Button variant="outline" type="submit">
                {t("resetPin")}
              </Button>
            </form>
          </li>
        ))}
      </ul>

      <form action={add} className="flex flex-col gap-3 rounded-lg border-2 border-zinc-700 p-4">
        <h2 className="text-2xl font-bold">{t("add")}</h2>
        <div className="grid gap-3 md:grid-cols-2">
          <Field label={t("name")}>{(control) => <input {...control} name="name" required />}</Field>
          <Field label={t("store")}>{(control) => <Select {...control} name="storeId" choices={stores} />}</Field>
          <Field label={t("pin")}>
            {(control) => <input {...control} name="pin" inputMode="numeric" pattern="\d{4,6}" maxLength={6} />}
          </Field>
          <Field label={t("emailOptional")}>
            {(control) => <input {...control} name="email" type="email" autoComplete="off" />}
          </Field>
          <Field label={t("passwordOptional")}>
            {(control) => (
              <input {...control} name="password" type="password" autoComplete="new-password" minLength={10} />
            )}
          </Field>
        </div>
        <Button variant="primary" size="lg" type="submit">
          {t("addSubmit")}
        </Button>
      </form>
    </div>
  );
}
