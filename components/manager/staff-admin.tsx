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
import { StaffRow } from "./staff-row";

type Member = StaffMember;

interface Props {
  staff: Member[];
  stores: Array<{ id: string; name: string }>;
  selfId: number;
}

/** Managers add kitchen staff (with a PIN, or email and password), and manage each person (see StaffRow). */
export function StaffAdmin({ staff, stores, selfId }: Props) {
  const t = useTranslations("staff");
  const router = useRouter();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const errorText = useErrorText();

  async function report(request: Promise<unknown>, done: string): Promise<boolean> {
    try {
      await request;
      setMessage({ ok: true, text: done });
      router.refresh();
      return true;
    } catch (error) {
      // The server's sentence names the exact problem (a taken PIN, an email in use).
      setMessage({ ok: false, text: errorText(error, { preferServerMessage: true, fallback: t("failed") }) });
      return false;
    }
  }
  const change = (id: number, body: StaffChangeRequest, done: string) =>
    report(apiSend(`/api/staff/${id}`, { method: "PATCH", body }), done);

  // A submit handler, not a form action: React resets a form after its action, which wiped what
  // the manager typed when the server refused it (a taken PIN). Cleared only once added.
  async function add(element: HTMLFormElement) {
    const form = new FormData(element);
    const text = (name: string) => String(form.get(name) ?? "").trim() || undefined;
    const body: NewStaffRequest = {
      name: text("name") ?? "",
      storeId: text("storeId") ?? "",
      pin: text("pin"),
      email: text("email"),
      password: text("password"),
    };
    if (await report(apiRequest(newStaffAnswerSchema, "/api/staff", { method: "POST", body }), t("added")))
      element.reset();
  }

  const storeName = (id: string) => stores.find((store) => store.id === id)?.name ?? id;
  return (
    <div className="flex flex-col gap-6">
      {message && <Notice tone={message.ok ? "success" : "error"}>{message.text}</Notice>}
      <ul className="flex flex-col gap-2" aria-label={t("list")}>
        {staff.map((member) => (
          <StaffRow
            key={member.id}
            member={member}
            isSelf={member.id === selfId}
            storeNames={member.storeIds.map(storeName).join(", ")}
            change={(body, done) => change(member.id, body, done)}
          />
        ))}
      </ul>

      <form
        onSubmit={(event) => {
          event.preventDefault();
          void add(event.currentTarget);
        }}
        className="flex flex-col gap-3 rounded-lg border-2 border-zinc-700 p-4"
      >
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
