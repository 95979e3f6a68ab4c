"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import {
  NextIntlClientProvider,
  useLocale,
  useMessages,
  useTimeZone,
  type AbstractIntlMessages,
  type Locale,
} from "next-intl";
import { useMemo, useState, type ReactNode } from "react";
import { missingMessage, reportIntlError } from "@/lib/i18n/missing";

interface Props {
  children: ReactNode;
  locale: Locale;
  messages: AbstractIntlMessages;
  timeZone: string;
}

/** Client-side context for the whole app: translations and the React Query cache. */
export function Providers({ children, locale, messages, timeZone }: Props) {
  // One client per browser tab, created once (not per render, and never shared across requests).
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          // Live data reaches the UI through streams and explicit writes, not background refetches.
          queries: { refetchOnWindowFocus: false, refetchOnReconnect: false, retry: 2 },
          mutations: { retry: false },
        },
      }),
  );

  return (
    <NextIntlClientProvider
      locale={locale}
      messages={messages}
      timeZone={timeZone}
      onError={reportIntlError}
      getMessageFallback={missingMessage}
    >
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </NextIntlClientProvider>
  );
}

/**
 * More namespaces for a part of the app (the back office's, lib/i18n/namespaces.ts), added to the
 * ones every page has: each travels to the browser once, in the page that needs it.
 */
export function MoreMessages({ messages, children }: { messages: AbstractIntlMessages; children: ReactNode }) {
  const shared = useMessages();
  const all = useMemo(() => ({ ...shared, ...messages }), [shared, messages]);
  return (
    <NextIntlClientProvider
      locale={useLocale()}
      messages={all}
      timeZone={useTimeZone()}
      onError={reportIntlError}
      getMessageFallback={missingMessage}
    >
      {children}
    </NextIntlClientProvider>
  );
}
