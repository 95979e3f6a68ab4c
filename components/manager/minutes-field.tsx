import { Field } from "@/components/ui/field";

/**
 * A preparation time in whole minutes, 1–180 (hold and fire); empty is null: the next level's
 * time (the station's, the store's), which the placeholder names. The server checks it again.
 */
export function MinutesField({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: number | null | undefined;
  onChange: (minutes: number | null) => void;
}) {
  return (
    <Field label={label} className="w-44">
      {(control) => (
        <input
          {...control}
          type="number"
          inputMode="numeric"
          min={1}
          max={180}
          step={1}
          placeholder={placeholder}
          value={value ?? ""}
          onChange={(e) => onChange(e.target.value.trim() === "" ? null : Math.round(Number(e.target.value)))}
        />
      )}
    </Field>
  );
}
