"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import type { StaffChangeRequest, StaffMember } from "@/lib/contract/auth";

interface Props {
  member: StaffMember;
  isSelf: boolean;
  storeNames: string;
  /** Sends the change and shows how it went; resolves true when it was done, false (never rejects) when not. */
  change: (body: StaffChangeRequest, done: string) => Promise<boolean>;
}

/**
 * One person on Staff: who they are, a lock with its unlock, disable (asked twice: it ends their
 * sessions and tablet access), and new PIN / new password forms.
 */
export function StaffRow({ member, isSelf, storeNames, change }: Props) {
  const t = useTranslations("staff");
  const format = useFormatter();
  const [confirmingDisable, setConfirmingDisable] = useState(false);
  const role = member.role === "admin" || member.role === "manager" ? member.role : "kitchen";

  return (
    <li className="flex flex-col gap-3 rounded-lg bg-zinc-800 px-4 py-3">
      <div className="flex flex-wrap items-center gap-3">
        <div className="min-w-48 flex-1">
          <p className="text-xl font-bold">
            {member.name}{" "}
            {member.disabled && (
              <span className="ml-2 rounded border border-overdue px-2 text-base text-overdue">{t("disabled")}</span>
            )}
            {member.lockedUntil && (
              <span className="ml-2 rounded border border-late px-2 text-base text-late">
                {t("lockedUntil", { time: format.dateTime(new Date(member.lockedUntil), { timeStyle: "short" }) })}
              </span>
            )}
          </p>
          <p className="text-zinc-300">
            {t(`role.${role}`)}
            {member.email ? ` · ${member.email}` : ""} · {storeNames || t("allStores")}
          </p>
        </div>
        {member.lockedUntil && (
          <Button variant="secondary" onClick={() => void change({ unlock: true }, t("unlocked"))}>
            {t("unlock")}
          </Button>
        )}
        {!isSelf && member.disabled && (
          <Button variant="outline" onClick={() => void change({ disabled: false }, t("enabled"))}>
            {t("enable")}
          </Button>
        )}
        {!isSelf && !member.disabled && !confirmingDisable && (
          <Button variant="outline" onClick={() => setConfirmingDisable(true)}>
            {t("disable")}
          </Button>
        )}
      </div>

      {confirmingDisable && (
        <div
          role="alertdialog"
          aria-label={t("disableConfirmTitle", { name: member.name })}
          className="flex flex-wrap items-center gap-3 rounded-md border-2 border-overdue p-3"
        >
          <p className="min-w-48 flex-1 text-lg">{t("disableConfirm", { name: member.name })}</p>
          <Button
            variant="danger"
            onClick={() =>
              void change({ disabled: true }, t("disabledDone")).then((done) => {
                if (done) setConfirmingDisable(false);
              })
            }
          >
            {t("disableYes")}
          </Button>
          <Button variant="outline" onClick={() => setConfirmingDisable(false)}>
            {t("cancel")}
          </Button>
        </div>
      )}

      <div className="flex flex-wrap gap-3">
        <SecretForm
          name="pin"
          label={t("newPin", { name: member.name })}
          submit={t("resetPin")}
          input={{ inputMode: "numeric", pattern: "\\d{4,6}", maxLength: 6, placeholder: t("pinPlaceholder") }}
          onSubmit={(pin) => change({ pin }, t("pinReset"))}
        />
        {member.email && !isSelf && (
          <SecretForm
            name="password"
            label={t("newPassword", { name: member.name })}
            submit={t("resetPassword")}
            input={{
              type: "password",
              minLength: 10,
              maxLength: 200,
              autoComplete: "new-password",
              placeholder: t("passwordPlaceholder"),
            }}
            onSubmit={(password) => change({ password }, t("passwordReset"))}
          />
        )}
      </div>
    </li>
  );
}

/** One field and its button; cleared once the change is done, kept when it was refused. */
function SecretForm(props: {
  name: string;
  label: string;
  submit: string;
  input: React.InputHTMLAttributes<HTMLInputElement>;
  /** As StaffRow's change: resolves false, never rejects, when the value was refused. */
  onSubmit: (value: string) => Promise<boolean>;
}) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        void props.onSubmit(String(new FormData(form).get(props.name) ?? "")).then((done) => {
          if (done) form.reset();
        });
      }}
      className="flex items-center gap-2"
    >
      <Field label={props.label} hideLabel>
        {(control) => (
          <input {...control} {...props.input} className={`${control.className} w-40`} name={props.name} required />
        )}
      </Field>
      <Button variant="outline" type="submit">
        {props.submit}
      </Button>
    </form>
  );
}
