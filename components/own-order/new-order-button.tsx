"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { loadOnRender } from "@/components/load-on-render";
import { Button } from "@/components/ui/button";

// The form's code loads with its first opening, not with the board (issue 13's first-load budget).
const OwnOrderDialog = loadOnRender(() => import("./own-order-dialog").then((module) => module.OwnOrderDialog));

/**
 * "Novo pedido" (issue 30): opens the order form for the restaurant's own channels, by a tap or
 * by Alt+N from anywhere on the page (a phone operator's hands stay on the keyboard). Says which
 * order it took once the form closes on it.
 */
export function NewOrderButton({
  stores,
  className,
}: {
  stores: ReadonlyArray<{ id: string; name: string }>;
  className?: string;
}) {
  const t = useTranslations("ownOrder.form");
  const [open, setOpen] = useState(false);
  const [taken, setTaken] = useState<string | null>(null);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // The key's place, not its letter: Alt+N types "˜" on a Mac.
      if (event.altKey && !event.ctrlKey && !event.metaKey && event.code === "KeyN") {
        if (document.querySelector("dialog[open]")) return;
        event.preventDefault();
        setOpen(true);
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  if (stores.length === 0) return null;
  return (
    <>
      <Button
        variant="primary"
        size="sm"
        aria-keyshortcuts="Alt+N"
        className={className}
        onClick={() => {
          setTaken(null);
          setOpen(true);
        }}
      >
        <span aria-hidden="true">+ </span>
        {t("open")}
      </Button>
      {taken && (
        <p role="status" className="self-center text-base text-emerald-300">
          {t("taken", { displayId: taken })}
        </p>
      )}
      {open && (
        <OwnOrderDialog
          stores={stores}
          onClose={() => setOpen(false)}
          onTaken={(displayId) => {
            setTaken(displayId);
            setOpen(false);
          }}
        />
      )}
    </>
  );
}
