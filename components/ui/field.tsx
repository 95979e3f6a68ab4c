import { useId, type ReactNode } from "react";

const CONTROL_SIZES = {
  md: "min-h-12 rounded-lg border-2 border-zinc-600 bg-zinc-900 px-3 text-lg",
  lg: "min-h-14 rounded-lg border-2 border-zinc-600 bg-zinc-900 px-4 text-xl text-zinc-50 focus:border-zinc-100 focus:outline-none",
} as const;

export type ControlSize = keyof typeof CONTROL_SIZES;

/** The look of an input, select or textarea. */
export function controlClass(size: ControlSize = "md", extra?: string): string {
  return extra ? `${CONTROL_SIZES[size]} ${extra}` : CONTROL_SIZES[size];
}

/** What the field hands its control: the id its label points at, its description, its look. */
export interface ControlProps {
  id: string;
  "aria-describedby": string | undefined;
  "aria-invalid": true | undefined;
  className: string;
}

interface FieldProps {
  label: ReactNode;
  /** Under the control, read as its description (e.g. "set — leave blank to keep"). */
  hint?: ReactNode;
  /** What is wrong with the value, read as its description too; marks the control invalid. */
  error?: ReactNode;
  /** A fixed id, when something outside the field points at the control; unique by default. */
  id?: string;
  size?: ControlSize;
  /** The quieter label of filter bars, where the values matter more than the names. */
  quiet?: boolean;
  /** Visually hidden label, for a control whose purpose the row around it already shows. */
  hideLabel?: boolean;
  /** Layout of the whole field in its form (e.g. a grid span). */
  className?: string;
  children: (control: ControlProps) => ReactNode;
}

/**
 * A label bound to its control (beside it, not around it: a wrapping label would put a select's
 * chosen option into its name), with the hint and the error tied to the control for screen readers.
 */
export function Field({
  label,
  hint,
  error,
  id,
  size = "md",
  quiet = false,
  hideLabel = false,
  className,
  children,
}: FieldProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  const labelClass = hideLabel ? "sr-only" : quiet ? "text-zinc-300" : "text-lg font-semibold";
  return (
    <div className={`flex flex-col ${size === "lg" ? "gap-2" : "gap-1"}${className ? ` ${className}` : ""}`}>
      <label htmlFor={controlId} className={labelClass}>
        {label}
      </label>
      {children({
        id: controlId,
        "aria-describedby": describedBy,
        "aria-invalid": error ? true : undefined,
        className: controlClass(size),
      })}
      {hint && (
        <span id={hintId} className="text-base text-zinc-400">
          {hint}
        </span>
      )}
      {error && (
        <span id={errorId} className="text-base font-semibold text-red-300">
          <span aria-hidden="true">✕ </span>
          {error}
        </span>
      )}
    </div>
  );
}
