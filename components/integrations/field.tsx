import { useId, type ReactNode } from "react";

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
  // Unique per instance: the edit and the new-store forms have the same field names on one page.
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  // The hint sits outside the label, so the input's name is the label alone and the hint its description.
  return (
    <div className="flex flex-col gap-1">
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
      </label>
      {hint && (
        <span id={hintId} className="text-base text-zinc-400">
          {hint}
        </span>
      )}
    </div>
  );
}
