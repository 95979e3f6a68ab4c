import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/auth/sign-in-form";
import { LanguageSwitch } from "@/components/device/language-switch";
import { currentViewer } from "@/lib/auth/page";
import { safeNextPath } from "@/lib/auth/safe-next";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth");
  return { title: t("title") };
}

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  // `callbackUrl` is next-auth's name for it, which links may carry: checked the same way.
  const query = await searchParams;
  const next = safeNextPath(query.next ?? query.callbackUrl);
  if (await currentViewer()) redirect(next);
  const t = await getTranslations();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex items-center justify-between gap-4 border-b border-zinc-800 px-4 py-1">
        <p className="text-lg font-bold">{t("app.name")}</p>
        <LanguageSwitch />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 py-8 md:items-center">
        <div className="w-full max-w-md">
          <h1 className="mb-2 text-3xl font-extrabold">{t("auth.heading")}</h1>
          <p className="mb-6 text-lg text-zinc-300">{t("auth.intro")}</p>
          <SignInForm next={next} />
        </div>
      </main>
    </div>
  );
}
