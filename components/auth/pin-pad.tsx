"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { useErrorText } from "@/components/use-error-text";
import { pinAnswerSchema } from "@/lib/contract/auth";
import { ApiError, apiRequest } from "@/lib/contract/client";

const KEYS = ["1", "2", "3", "4", "5", "6", "7", "8", "9"] as const;
const MAX_DIGITS = 6;

/** A modal keypad: a staff member types their 4–6 digit PIN and takes over the tablet. */
export function PinPad({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations("pin");
  const router = useRouter();
  const dialog = useRef<HTMLDialogElement>(null);
  const [pin, setPin] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorText = useErrorText();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  function close() {
    setPin("");
    setError(null);
    onClose();
  }

  async function submit() {
    setPending(true);
    setError(null);
    try {
      await apiRequest(pinAnswerSchema, "/api/auth/pin", { method: "POST", body: { pin } });
      close();
      router.refresh();
    } catch (caught) {
      setPin("");
      // A wrong PIN is `forbidden`: the pad says so in its own words.
      setError(caught instanceof ApiError && caught.code === "forbidden" ? t("wrong") : errorText(caught, { fallback: t("failed") }));
    }
    setPending(false);
  }

  const key = "min-h-16 rounded-xl bg-zinc-700 text-3xl font-bold text-zinc-50 active:bg-zinc-500 disabled:opacity-50";
  return (
    <dialog
      ref={dialog}
      onClose={close}
      aria-labelledby="pin-title"
      className="m-auto w-[min(24rem,calc(100vw-2rem))] rounded-2xl bg-zinc-900 p-5 text-zinc-50 backdrop:bg-black/70"
    >
      <h2 id="pin-title" className="mb-3 text-2xl font-bold">
        {t("dialogTitle")}
      </h2>
      <p aria-label={t("display")} aria-live="polite" className="mb-3 h-12 rounded-lg bg-zinc-950 text-center text-4xl tracking-[0.5em]">
        {"•".repeat(pin.length)}
      </p>
      {error && (
        <p role="alert" className="mb-3 rounded-md bg-red-950 px-3 py-2 text-lg font-semibold text-red-200">
          <span aria-hidden="true">✕ </span>
          {error}
        </p>
      )}
      <div className="grid grid-cols-3 gap-2">
        {KEYS.map((digit) => (
          <button key={digit} type="button" aria-label={t("digit", { digit })} disabled={pending || pin.length >= MAX_DIGITS} onClick={() => setPin(pin + digit)} className={key}>
            {digit}
          </button>
        ))}
        <button type="button" disabled={pending || pin.length === 0} onClick={() => setPin(pin.slice(0, -1))} className={`${key} text-xl`}>
          {t("erase")}
        </button>
        <button type="button" aria-label={t("digit", { digit: "0" })} disabled={pending || pin.length >= MAX_DIGITS} onClick={() => setPin(`${pin}0`)} className={key}>
          0
        </button>
        <button
          type="button"
          disabled={pending || pin.length < 4}
          aria-busy={pending}
          onClick={() => void submit()}
          className="min-h-16 rounded-xl bg-go text-xl font-bold text-zinc-950 active:bg-emerald-300 disabled:bg-zinc-600 disabled:text-zinc-300"
        >
          {t("submit")}
        </button>
      </div>
      <button type="button" onClick={close} className="mt-4 min-h-12 w-full rounded-lg border-2 border-zinc-600 text-lg font-semibold">
        {t("cancel")}
      </button>
    </dialog>
  );
}
