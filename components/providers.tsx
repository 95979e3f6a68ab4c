"use client";

import { notifyManager, QueryClient, QueryClientProvider } from "@tanstack/react-query";
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

// React Query tells its subscribers of a change in a microtask, not in a task of its own (its
// default, setTimeout 0): a stream message then reaches the board's DOM in the task that delivered
// it rather than a task later, when a frame may have been painted without it (issue 31, point 6:
// the DOM 12–13 → 9–10 ms after the message). Messages arriving back to back now render one by
// one rather than together, a few ms each. It also closes the gap where a component's own state
// rendered before the query update it followed (TanStack/query#8815).
if (typeof window !== "undefined") notifyManager.setScheduler(queueMicrotask);

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
