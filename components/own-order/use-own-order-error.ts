"use client";

import { useTranslations } from "next-intl";
import { useErrorText } from "@/components/use-error-text";
import { ApiError } from "@/lib/contract/client";

/** A refused order in the operator's language: the server's reason (lib/own-orders/errors.ts) first. */
export function useOwnOrderError() {
  const t = useTranslations("ownOrder.errors");
  const errorText = useErrorText();
  return (error: unknown): string => {
    const reason = error instanceof ApiError ? error.extra.reason : undefined;
    // The reasons of lib/own-orders/errors.ts (not imported: it is server code), each with its words.
    if (reason && t.has(reason as "soldOut"))
      return t(reason as "soldOut", { detail: error instanceof ApiError ? (error.extra.detail ?? "") : "" });
    return errorText(error, { preferServerMessage: true });
  };
}

export function reasonOf(error: unknown): string | undefined {
  return error instanceof ApiError ? error.extra.reason : undefined;
}
