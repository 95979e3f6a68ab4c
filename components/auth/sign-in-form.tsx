"use client";

import { signIn } from "next-auth/react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";

type Failure = "invalid" | "locked" | "failed";

/** Email and password; one message for a wrong password or an unknown account. */
export function SignInForm({ next }: { next: string }) {
  const t = useTranslations("auth");
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setFailure(null);
    try {
      const result = await signIn("credentials", {
        redirect: false,
        email: String(form.get("email") ?? ""),
        password: String(form.get("password") ?? ""),
      });
      if (result?.ok && !result.error) {
        router.replace(next);
        router.refresh();
        return;
      }
      setFailure(result?.error === "TooManyAttempts" ? "locked" : result?.error === "CredentialsSignin" ? "invalid" : "failed");
    } catch {
      setFailure("failed");
    }
    setPending(false);
  }

  const field = "min-h-14 w-full rounded-lg border-2 border-zinc-600 bg-zinc-900 px-4 text-xl text-zinc-50 focus:border-zinc-100 focus:outline-none";
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-5" noValidate={false}>
      <div className="flex flex-col gap-2">
        <label htmlFor="email" className="text-lg font-semibold">
          {t("email")}
        </label>
        <input id="email" name="email" type="email" autoComplete="username" inputMode="email" required autoCapitalize="none" spellCheck={false} className={field} />
      </div>
      <div className="flex flex-col gap-2">
        <label htmlFor="password" className="text-lg font-semibold">
          {t("password")}
        </label>
        <input id="password" name="password" type="password" autoComplete="current-password" required className={field} />
      </div>
      {failure && (
        <p role="alert" className="rounded-md bg-red-950 px-4 py-3 text-lg font-semibold text-red-200">
          <span aria-hidden="true">✕ </span>
          {t(failure)}
        </p>
      )}
      <button
        type="submit"
        disabled={pending}
        aria-busy={pending}
        className="min-h-14 rounded-lg bg-go px-6 text-xl font-bold text-zinc-950 active:bg-emerald-300 disabled:cursor-wait disabled:bg-zinc-600 disabled:text-zinc-200"
      >
        {pending ? t("submitting") : t("submit")}
      </button>
    </form>
  );
}
