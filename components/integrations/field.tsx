import type { ReactNode } from "react";

export const inputClass = "min-h-12 w-full rounded-lg border-2 border-zinc-600 bg-zinc-900 px-3 text-lg";

interface Props {
  label: string;
  name: string;
  defaultValue?: string | number;
  type?: "text" | "password" | "number" | "url";
  hint?: ReactNode;
  required?: boolean;
  step?: string;
  min?: number;
  max?: number;
}

/** A labelled input; the hint (e.g. "set — leave blank to keep") is tied to it for screen readers. */
export function Field({ label, name, defaultValue, type = "text", hint, required, step, min, max }: Props) {
  const hintId = hint ? `${name}-hint` : undefined;
  return (
    <label className="flex flex-col gap-1 text-lg font-semibold">
      {label}
      <input
        name={name}
        type={type}
        defaultValue={defaultValue}
        required={required}
        step={step}
        min={min}
        max={max}
        aria-describedby={hintId}
        autoComplete={type === "password" ? "new-password" : "off"}
        spellCheck={false}
        className={inputClass}
      />
      {hint && (
        <span id={hintId} className="text-base font-normal text-zinc-400">
          {hint}
        </span>
      )}
    </label>
  );
}
