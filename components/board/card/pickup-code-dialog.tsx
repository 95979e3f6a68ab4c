import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Dialog } from "@/components/ui/dialog";
import { buttonClass } from "@/components/ui/button";

const SUBMIT = buttonClass("primary", "custom", "min-h-12 w-full rounded-lg px-2 text-lg font-bold");

/**
 * Dispatch of an order whose platform courier collects with a code (1.7's delivery.pickupCode):
 * the cook types the code the courier says; the server checks it through validateCode before the
 * dispatch is sent. A big numeric field, for fingers and for the keyboard alike.
 */
export function PickupCodeDialog({
  pending,
  error,
  onSubmit,
  onClose,
}: {
  pending: boolean;
  /** The sentence of the last refusal (a wrong code), shown under the field. */
  error: string | null;
  onSubmit: (code: string) => void;
  onClose: () => void;
}) {
  const t = useTranslations("orderActions");
  const [code, setCode] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code) onSubmit(code);
  };
  return (
    <Dialog frame="compact" onClose={onClose} title={t("pickupCodeTitle")}>
      <form onSubmit={submit} className="flex flex-col gap-3">
        <label className="flex flex-col gap-1 text-lg">
          {t("pickupCodeLabel")}
          <input
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, "").slice(0, 20))}
            inputMode="numeric"
            autoComplete="off"
            autoFocus
            pattern="\d*"
            className="min-h-16 rounded-lg border border-zinc-500 bg-zinc-900 px-3 text-center font-mono text-4xl tracking-[0.3em] text-zinc-50 tabular-nums"
          />
        </label>
        {error && (
          <p role="alert" className="text-base font-semibold text-red-300">
            {error}
          </p>
        )}
        <button type="submit" disabled={pending || !code} aria-busy={pending} className={SUBMIT}>
          {pending ? t("sending") : t("pickupCodeSubmit")}
        </button>
      </form>
    </Dialog>
  );
}
