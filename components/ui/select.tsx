import type { SelectHTMLAttributes } from "react";

export interface Choice {
  id: string;
  name: string;
}

interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "children"> {
  choices: ReadonlyArray<Choice>;
  /** A first option with an empty value that means "no filter" (e.g. "all stores"). */
  anyLabel?: string;
}

/** A select of named choices (stores, statuses, types), its value the chosen one's id. */
export function Select({ choices, anyLabel, ...props }: SelectProps) {
  return (
    <select {...props}>
      {anyLabel !== undefined && <option value="">{anyLabel}</option>}
      {choices.map((choice) => (
        <option key={choice.id} value={choice.id}>
          {choice.name}
        </option>
      ))}
    </select>
  );
}
