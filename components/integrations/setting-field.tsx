import type { ReactNode } from "react";
import { Field } from "@/components/ui/field";

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

/** One setting: ids, addresses and secrets, so no spell check, and no browser autofill of a password. */
export function SettingField({ label, name, defaultValue, type = "text", hint, required, step, min, max }: Props) {
  // No id from the name: the edit and the new-store forms have the same field names on one page.
  return (
    <Field label={label} hint={hint}>
      {(control) => (
        <input
          {...control}
          name={name}
          type={type}
          defaultValue={defaultValue}
          required={required}
          step={step}
          min={min}
          max={max}
          autoComplete={type === "password" ? "new-password" : "off"}
          spellCheck={false}
        />
      )}
    </Field>
  );
}
