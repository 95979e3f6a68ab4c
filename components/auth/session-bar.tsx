"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button, linkButtonClass } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { apiRequest } from "@/lib/contract/client";
import { LazyPinPad } from "./lazy-pin-pad";

export interface SessionSummary {
  name: string;
  staffName: string | null;
  /** The store this tablet serves, when the session is a kitchen tablet. */
  deviceStoreName: string | null;
  /** Stores a manager can make this a kitchen tablet of; empty for others. */
  tabletStores: Array<{ id: string; name: string }>;
  /** A manager's or admin's own session (not a tablet): links to the back-office. */
  opensBackOffice: boolean;
}

/** Who is working, the PIN switch and the tablet set-up (managers); signing out is in the board's settings. */
export function SessionBar({ session }: { session: SessionSummary }) {
  const t = useTranslations();
  const [pinOpen, setPinOpen] = useState(false);
  const [tabletError, setTabletError] = useState(false);

  async function makeTablet(form: FormData) {
    setTabletError(false);
    // Loaded on use: the auth contract brings its request schemas (and classic zod) with it,
    // which the board's first load does without (lib/contract/board.ts).
    const { deviceAnswerSchema } = await import("@/lib/contract/auth");
    const made = await apiRequest(deviceAnswerSchema, "/api/auth/device", {
      method: "POST",
      body: { storeId: String(form.get("storeId") ?? "") },
    }).catch(() => null);
    // A full reload: the board's data and stream were opened for the manager's stores.
    if (made) window.location.reload();
    else setTabletError(true);
  }

  return (
    <section
      aria-label={t("auth.signedInAs", { name: session.name })}
      className="flex flex-wrap items-center gap-x-3 gap-y-1"
    >
      <p
        // An account's name (not a tablet's cook) on a phone: said to screen readers only, so the
        // sticky header stays two rows; a tablet's cook, or "nobody", is always shown.
        className={`text-lg ${session.staffName || session.deviceStoreName ? "" : "max-md:sr-only"}`}
        data-testid="who"
      >
        {session.deviceStoreName && (
          // Said on wide screens; on a tablet the store's controls below already name the store.
          <span className="mr-3 text-zinc-400 max-xl:sr-only">
            {t("tablet.device", { store: session.deviceStoreName })}
          </span>
        )}
        {session.staffName ? (
          <span className="font-semibold">{t("pin.who", { name: session.staffName })}</span>
        ) : session.deviceStoreName ? (
          <span className="font-semibold text-attention">{t("pin.nobody")}</span>
        ) : (
          <span className="font-semibold">{t("auth.signedInAs", { name: session.name })}</span>
        )}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="light" onClick={() => setPinOpen(true)}>
          {t("pin.switch")}
        </Button>
        {session.opensBackOffice && (
          // A plain link (a whole page load): the back office is seldom opened from a wall board,
          // and next/link's client code would ride on every board load (issue 13's budget).
          <a href="/manager" className={linkButtonClass("outline")}>
            {t("manager.title")}
          </a>
        )}
        {session.tabletStores.length > 0 && (
          <form action={makeTablet} className="flex items-center gap-2">
            <Field label={t("tablet.store")} id="tablet-store" hideLabel>
              {(control) => <Select {...control} name="storeId" choices={session.tabletStores} />}
            </Field>
            <Button variant="outline" type="submit">
              {t("tablet.setUp")}
            </Button>
          </form>
        )}
      </div>
      {tabletError && (
        <p role="alert" className="w-full font-semibold text-red-300">
          {t("tablet.failed")}
        </p>
      )}
      <LazyPinPad open={pinOpen} onClose={() => setPinOpen(false)} />
    </section>
  );
}
