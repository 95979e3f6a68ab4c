import type { Metadata, Viewport } from "next";
import { getLocale, getMessages, getTimeZone, getTranslations } from "next-intl/server";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { Providers } from "@/components/providers";
import { splitMessages } from "@/lib/i18n/namespaces";
import { THEME_COLOR } from "@/lib/theme/config";
import { readTheme } from "@/lib/theme/server";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("app");
  return {
    title: { default: t("name"), template: `%s · ${t("name")}` },
    description: t("description"),
    applicationName: t("name"),
    // Lets a wall tablet run the board full-screen from the home screen.
    appleWebApp: { capable: true, title: t("name"), statusBarStyle: "black-translucent" },
  };
}

// The theme is the device's choice (a cookie), rendered on the server so nothing flashes.
export async function generateViewport(): Promise<Viewport> {
  const theme = await readTheme();
  return { width: "device-width", initialScale: 1, colorScheme: theme, themeColor: THEME_COLOR[theme] };
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  const [locale, messages, timeZone, theme, requestHeaders] = await Promise.all([
    getLocale(),
    getMessages(),
    getTimeZone(),
    readTheme(),
    headers(),
  ]);
  return (
    <html lang={locale} className={theme} style={{ colorScheme: theme }}>
      <head>
        {/* Before any of the page's scripts: public/warm-intl.js says why. The nonce is the one
            proxy.ts put in this page's Content-Security-Policy. */}
        <script
          nonce={requestHeaders.get("x-nonce") ?? undefined}
          dangerouslySetInnerHTML={{ __html: 'new Worker("/warm-intl.js")' }}
        />
      </head>
      <body>
        {/* Every page's messages but the back office's own, which its layout adds. */}
        <Providers locale={locale} messages={splitMessages(messages).shared} timeZone={timeZone}>
          {children}
        </Providers>
      </body>
    </html>
  );
}
