"use client";

import { signIn } from "next-auth/react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";

type Failure = "invalid" | "locked" | "failed";

/** Email and password; one message for a wrong password or an unknown account. */
export function SignInForm({ next }: { next: string }) {
  const t = useTranslations("auth");
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);

  /** Signs in, or shows why not: it never rejects. */
  async function signInWith(form: FormData) {
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
      setFailure(
        result?.error === "TooManyAttempts" ? "locked" : result?.error === "CredentialsSignin" ? "invalid" : "failed",
      );
    } catch {
      setFailure("failed");
    }
    setPending(false);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void signInWith(new FormData(event.currentTarget));
  }

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-5" noValidate={false}>
      <Field label={t("email")} id="email" size="lg">
        {(control) => (
          <input
            {...control}
            name="email"
            type="email"
            autoComplete="username"
            inputMode="email"
            required
            autoCapitalize="none"
            spellCheck={false}
          />
        )}
      </Field>
      <Field label={t("password")} id="password" size="lg">
        {(control) => <input {...control} name="password" type="password" autoComplete="current-password" required />}
      </Field>
      {failure && (
        <Notice tone="error">
          <span aria-hidden="true">✕ </span>
          {t(failure)}
        </Notice>
      )}
      <Button variant="primary" size="lg" type="submit" disabled={pending} aria-busy={pending}>
        {pending ? t("submitting") : t("submit")}
      </Button>
    </form>
  );
}
