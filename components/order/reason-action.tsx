import { useTranslations, type Messages } from "next-intl";
import { useState, type FormEvent, type ReactNode } from "react";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import {
  DANGER_BUTTON,
  DANGER_PRIMARY_BUTTON,
  DANGER_SOLID_BUTTON,
  FIELD,
  PRIMARY_BUTTON,
  SECONDARY_BUTTON,
} from "./action-styles";

type Codes = Messages["orderActions"];
/** A reason code's label: a message with no arguments, so `t` needs no values for it. */
type CodeKey =
  `cancel.code.${keyof Codes["cancel"]["code"] & string}` | `deny.code.${keyof Codes["deny"]["code"] & string}`;

interface Props {
  kind: "cancel" | "deny";
  codes: readonly string[];
  pending: boolean;
  onRun: (body: Record<string, unknown>) => void;
  /** What a chosen code adds to the form and to the second ask (the cancel's "mark sold out too"). */
  extra?: (code: string, step: "form" | "sure") => ReactNode;
  /** The step to take now (a cancellation request waits for its answer): opens from a primary button. */
  primary?: boolean;
}

/**
 * A destructive action that needs a standard reason code and a text: open, fill in, then confirm
 * a second time. Never one tap.
 */
export function ReasonAction({ kind, codes, pending, onRun, extra, primary = false }: Props) {
  const t = useTranslations("orderActions");
  const [step, setStep] = useState<"closed" | "form" | "sure">("closed");
  const [code, setCode] = useState("");
  const [reason, setReason] = useState("");
  // The codes are the standard's; every one has a label (without arguments) in both catalogues.
  const codeLabel = (value: string) => t(`${kind}.code.${value}` as CodeKey);

  if (step === "closed") {
    return (
      <button
        type="button"
        data-emphasis={primary ? "primary" : "secondary"}
        onClick={() => setStep("form")}
        className={primary ? PRIMARY_BUTTON : DANGER_BUTTON}
      >
        {t(`${kind}.open`)}
      </button>
    );
  }

  if (step === "sure") {
    return (
      <div
        role="group"
        aria-label={t(`${kind}.sure`)}
        className="flex flex-col gap-2 rounded-lg border-2 border-overdue p-3"
      >
        <p className="text-xl font-bold text-overdue">{t(`${kind}.sure`)}</p>
        <p className="text-lg">
          {codeLabel(code)} — {reason}
        </p>
        {extra?.(code, "sure")}
        <button
          type="button"
          disabled={pending}
          aria-busy={pending}
          onClick={() => onRun({ code, reason: reason.trim() })}
          className={DANGER_SOLID_BUTTON}
        >
          {t(`${kind}.yes`)}
        </button>
        <button type="button" onClick={() => setStep("form")} className={SECONDARY_BUTTON}>
          {t("back")}
        </button>
      </div>
    );
  }

  function next(event: FormEvent) {
    event.preventDefault();
    if (code && reason.trim()) setStep("sure");
  }

  return (
    <form onSubmit={next} className="flex flex-col gap-2 rounded-lg border-2 border-overdue p-3 text-lg">
      <Field label={t("reasonCode")}>
        {(control) => (
          <Select
            {...control}
            required
            choices={codes.map((value) => ({ id: value, name: codeLabel(value) }))}
            anyLabel="—"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            className={FIELD}
          />
        )}
      </Field>
      <Field label={t("reasonText")}>
        {(control) => (
          <textarea
            {...control}
            required
            maxLength={500}
            rows={2}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            className={FIELD}
          />
        )}
      </Field>
      {code && extra?.(code, "form")}
      <button type="submit" className={DANGER_BUTTON}>
        {t("continue")}
      </button>
      <button type="button" onClick={() => setStep("closed")} className={SECONDARY_BUTTON}>
        {t("back")}
      </button>
    </form>
  );
}

/** Accepting the platform's cancellation request: one action, asked twice. */
export function AcceptCancellation({
  pending,
  onRun,
  primary = false,
}: {
  pending: boolean;
  onRun: () => void;
  primary?: boolean;
}) {
  const t = useTranslations("orderActions");
  const [sure, setSure] = useState(false);
  if (!sure) {
    return (
      <button
        type="button"
        data-emphasis={primary ? "primary" : "secondary"}
        onClick={() => setSure(true)}
        className={primary ? DANGER_PRIMARY_BUTTON : DANGER_BUTTON}
      >
        {t("accept.open")}
      </button>
    );
  }
  return (
    <div
      role="group"
      aria-label={t("accept.sure")}
      className="flex flex-col gap-2 rounded-lg border-2 border-overdue p-3"
    >
      <p className="text-xl font-bold text-overdue">{t("accept.sure")}</p>
      <button type="button" disabled={pending} aria-busy={pending} onClick={onRun} className={DANGER_SOLID_BUTTON}>
        {t("accept.yes")}
      </button>
      <button type="button" onClick={() => setSure(false)} className={SECONDARY_BUTTON}>
        {t("back")}
      </button>
    </div>
  );
}
