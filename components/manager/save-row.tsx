"use client";

import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { useErrorText } from "@/components/use-error-text";

/**
 * A manager form's submit button and what became of the last save: "saved" while the form still
 * shows what was saved (no new edit since), or the server's error in the page's language.
 */
export function SaveRow({
  save,
  edited,
  disabled = false,
  labels,
  children,
}: {
  save: { isPending: boolean; isSuccess: boolean; isError: boolean; error: unknown };
  /** A draft differs from what was saved: "saved" would no longer be true. */
  edited: boolean;
  disabled?: boolean;
  labels: { save: string; saved: string };
  /** The form's other buttons, before Save (e.g. "add a printer"). */
  children?: ReactNode;
}) {
  const errorText = useErrorText();
  return (
    <div className="flex flex-wrap items-center gap-4">
      {children}
      <Button type="submit" variant="primary" disabled={save.isPending || disabled}>
        {labels.save}
      </Button>
      {save.isSuccess && !edited && (
        <p role="status" className="text-lg text-zinc-300">
          {labels.saved}
        </p>
      )}
      {save.isError && <Notice tone="error">{errorText(save.error)}</Notice>}
    </div>
  );
}
