import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { VEHICLE_TYPES } from "@/lib/contract/action-request";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { FIELD, PRIMARY_BUTTON, SECONDARY_BUTTON } from "./action-styles";

/**
 * Dispatch, with optional tracking: who takes it, on what, and in how many minutes. An order the
 * platform's courier collects with a code (1.7's pickupCode) asks for the code the courier says
 * first: the server checks it through validateCode before anything is sent (as the card's Dispatch).
 */
export function DispatchForm({
  pending,
  primary,
  needsPickupCode = false,
  onRun,
}: {
  pending: boolean;
  primary: boolean;
  needsPickupCode?: boolean;
  onRun: (body: Record<string, unknown>) => void;
}) {
  const t = useTranslations("orderActions");
  const [person, setPerson] = useState("");
  const [vehicle, setVehicle] = useState("");
  const [eta, setEta] = useState("");
  const [code, setCode] = useState("");
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
      ...(needsPickupCode ? { pickupCode: code } : {}),
      ...(person.trim() ? { deliveryPerson: person.trim() } : {}),
      ...(vehicle ? { vehicleType: vehicle } : {}),
      ...(Number.isInteger(minutes) && minutes > 0 ? { etaMinutes: minutes } : {}),
    });
  }

  const vehicles = VEHICLE_TYPES.map((type) => ({ id: type, name: t(`vehicleType.${type}`) }));

  return (
    <form onSubmit={submit} className="flex flex-col gap-2 text-lg">
      {needsPickupCode && (
        <Field label={t("pickupCodeLabel")}>
          {(control) => (
            <input
              {...control}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, "").slice(0, 20))}
              inputMode="numeric"
              autoComplete="off"
              required
              className={`${FIELD} font-mono tracking-[0.3em] tabular-nums`}
            />
          )}
        </Field>
      )}
      <Field label={t("deliveryPerson")}>
        {(control) => (
          <input
            {...control}
            value={person}
            onChange={(e) => setPerson(e.target.value)}
            maxLength={120}
            className={FIELD}
          />
        )}
      </Field>
      <div className="grid grid-cols-2 gap-2">
        <Field label={t("vehicle")}>
          {(control) => (
            <Select
              {...control}
              choices={vehicles}
              anyLabel="—"
              value={vehicle}
              onChange={(e) => setVehicle(e.target.value)}
              className={FIELD}
            />
          )}
        </Field>
        <Field label={t("eta")}>
          {(control) => (
            <input
              {...control}
              type="number"
              inputMode="numeric"
              min={1}
              max={600}
              value={eta}
              onChange={(e) => setEta(e.target.value)}
              className={FIELD}
            />
          )}
        </Field>
      </div>
      <button
        type="submit"
        disabled={pending || (needsPickupCode && !code)}
        aria-busy={pending}
        className={PRIMARY_BUTTON}
      >
        {t("dispatch")}
      </button>
    </form>
  );
}
