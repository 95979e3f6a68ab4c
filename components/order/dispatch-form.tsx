import { useTranslations } from "next-intl";
import { useId, useState, type FormEvent } from "react";
import { VEHICLE_TYPES } from "@/lib/contract/order-actions";
import { FIELD, PRIMARY_BUTTON, SECONDARY_BUTTON } from "./action-styles";

/** Dispatch, with optional tracking: who takes it, on what, and in how many minutes. */
export function DispatchForm({
  pending,
  primary,
  onRun,
}: {
  pending: boolean;
  primary: boolean;
  onRun: (body: Record<string, unknown>) => void;
}) {
  const t = useTranslations("orderActions");
  const id = useId();
  const [person, setPerson] = useState("");
  const [vehicle, setVehicle] = useState("");
  const [eta, setEta] = useState("");
  // Not the next step yet (still preparing): folded, so it does not crowd the primary action.
  const [open, setOpen] = useState(primary);

  if (!open) {
    return (
      <button type="button" aria-expanded={false} onClick={() => setOpen(true)} className={SECONDARY_BUTTON}>
        {t("dispatchOpen")}
      </button>
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const minutes = Number.parseInt(eta, 10);
    onRun({
      ...(person.trim() ? { deliveryPerson: person.trim() } : {}),
      ...(vehicle ? { vehicleType: vehicle } : {}),
      ...(Number.isInteger(minutes) && minutes > 0 ? { etaMinutes: minutes } : {}),
    });
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-2 text-lg">
      <label htmlFor={`${id}-person`}>{t("deliveryPerson")}</label>
      <input
        id={`${id}-person`}
        value={person}
        onChange={(e) => setPerson(e.target.value)}
        maxLength={120}
        className={FIELD}
      />
      <div className="grid grid-cols-2 gap-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-vehicle`}>{t("vehicle")}</label>
          <select id={`${id}-vehicle`} value={vehicle} onChange={(e) => setVehicle(e.target.value)} className={FIELD}>
            <option value="">—</option>
            {VEHICLE_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`vehicleType.${type}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-eta`}>{t("eta")}</label>
          <input
            id={`${id}-eta`}
            type="number"
            inputMode="numeric"
            min={1}
            max={600}
            value={eta}
            onChange={(e) => setEta(e.target.value)}
            className={FIELD}
          />
        </div>
      </div>
      <button type="submit" disabled={pending} aria-busy={pending} className={PRIMARY_BUTTON}>
        {t("dispatch")}
      </button>
    </form>
  );
}
