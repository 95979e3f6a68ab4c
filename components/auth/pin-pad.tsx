"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button, buttonClass } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Notice } from "@/components/ui/notice";
import { useErrorText } from "@/components/use-error-text";
import { pinAnswerSchema } from "@/lib/contract/auth";
import { ApiError, apiRequest } from "@/lib/contract/client";

const KEYS = ["1", "2", "3", "4", "5", "6", "7", "8", "9"] as const;
const MAX_DIGITS = 6;

/**
 * A modal keypad: a staff member types their 4–6 digit PIN and takes over the tablet.
 * `onSignedIn` (default: `onClose`) hears of a PIN accepted; `forAction` says that the action
 * just tapped runs once the PIN is in (components/auth/pin-gate.tsx).
 */
export function PinPad({
  open,
  onClose,
  onSignedIn = onClose,
  forAction = false,
}: {
  open: boolean;
  onClose: () => void;
  onSignedIn?: () => void;
  forAction?: boolean;
}) {
  const t = useTranslations("pin");
  const router = useRouter();
  const [pin, setPin] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorText = useErrorText();

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
      setPin("");
      setError(null);
      onSignedIn();
      router.refresh();
    } catch (caught) {
      setPin("");
      // A wrong PIN is `forbidden`: the pad says so in its own words.
      setError(
        caught instanceof ApiError && caught.code === "forbidden"
          ? t("wrong")
          : errorText(caught, { fallback: t("failed") }),
      );
    }
    setPending(false);
  }

  const key = "min-h-16 rounded-xl bg-zinc-700 text-3xl font-bold text-zinc-50 active:bg-zinc-500 disabled:opacity-50";
  return (
    <Dialog open={open} onClose={close} title={t("dialogTitle")} frame="compact">
      {forAction && <p className="mb-3 text-lg text-zinc-300">{t("forAction")}</p>}
      <p
        aria-label={t("display")}
        aria-live="polite"
        className="mb-3 h-12 rounded-lg bg-zinc-950 text-center text-4xl tracking-[0.5em]"
      >
        {"•".repeat(pin.length)}
      </p>
      {error && (
        <Notice tone="error" className="mb-3">
          <span aria-hidden="true">✕ </span>
          {error}
        </Notice>
      )}
      <div className="grid grid-cols-3 gap-2">
        {KEYS.map((digit) => (
          <button
            key={digit}
            type="button"
            aria-label={t("digit", { digit })}
            disabled={pending || pin.length >= MAX_DIGITS}
            onClick={() => setPin(pin + digit)}
            className={key}
          >
            {digit}
          </button>
        ))}
        <button
          type="button"
          disabled={pending || pin.length === 0}
          onClick={() => setPin(pin.slice(0, -1))}
          className={`${key} text-xl`}
        >
          {t("erase")}
        </button>
        <button
          type="button"
          aria-label={t("digit", { digit: "0" })}
          disabled={pending || pin.length >= MAX_DIGITS}
          onClick={() => setPin(`${pin}0`)}
          className={key}
        >
          0
        </button>
        <button
          type="button"
          disabled={pending || pin.length < 4}
          aria-busy={pending}
          onClick={() => void submit()}
          className={buttonClass("primary", "custom", "min-h-16 rounded-xl text-xl")}
        >
          {t("submit")}
        </button>
      </div>
      <Button variant="outline" onClick={close} className="mt-4 w-full">
        {t("cancel")}
      </Button>
    </Dialog>
  );
}
