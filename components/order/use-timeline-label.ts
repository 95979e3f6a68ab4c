import { useTranslations } from "next-intl";
import { ORDER_ACTIONS } from "@/lib/contract/board";
import { customerMessageOfAction } from "@/lib/own-orders/customer-message";
import { EDIT_PARTS, editChangesOf, type EditPart } from "@/lib/own-orders/edit-parts";

const KNOWN_EVENTS = [
  "CREATED",
  "CONFIRMED",
  "PREPARING",
  "READY_FOR_PICKUP",
  "DISPATCHED",
  "DELIVERED",
  "PICKED_UP",
  "CONCLUDED",
  "CANCELLED",
  "CANCELLATION_REQUESTED",
  "CANCELLATION_REQUEST_DENIED",
  "ORDER_CANCELLATION_REQUEST",
  "CANCELLED_DENIED",
  // Open Delivery 2.0's (informational ones included: courier facts never move the order).
  "CANCELLATION_REQUEST_ACCEPTED",
  "PREPARATION_REQUESTED",
  "PICKUP_ONGOING",
  "RIDER_ARRIVED_AT_STORE",
  "ORDER_COLLECTED",
  "DELIVERY_ONGOING",
  "ARRIVED_AT_CUSTOMER",
  // Comanda's own reconciliation marks (lib/sync/reconcile.ts).
  "COMANDA_STATUS_UNCONFIRMED",
  "COMANDA_STATUS_CONFIRMED",
] as const;

/** A step Comanda took from the platform's status, not its event: "reconciled:DISPATCHED". */
const RECONCILED_PREFIX = "reconciled:";

/**
 * The words for a timeline entry (a platform event or a staff action) in the user's language:
 * "Pedido recebido", never "CREATED". A type Comanda has no words for is still shown,
 * never dropped, inside a sentence that says what it is ("Evento da plataforma: X"); the raw
 * type goes in the entry's tooltip (`title`) for whoever needs it.
 */
export function useTimelineLabel(): (entry: {
  kind: "event" | "action";
  name: string;
  /** An edit's changed parts: the board's timeline entry has them, the manager's audit its body. */
  changed?: readonly string[];
  sent?: unknown;
}) => string {
  const t = useTranslations("timeline");
  const editChanges = (parts: readonly string[]) =>
    parts
      .filter((part): part is EditPart => (EDIT_PARTS as readonly string[]).includes(part))
      .map((part) => t(`editParts.${part}`))
      .join(", ");
  return (entry) => {
    if (entry.kind === "action") {
      // A recall (issue 27) is Comanda's own step back on the board; the platform never hears of it.
      if (entry.name === "recall") return t("recall");
      // An own order taken at the counter, by phone or WhatsApp (issue 30): who took it.
      if (entry.name === "create") return t("ownOrderTaken");
      // Edited before the kitchen started it (issue 30): and what changed, in words.
      if (entry.name === "edit")
        return t("ownOrderEdited", { changes: editChanges(entry.changed ?? editChangesOf(entry.sent)) });
      // A WhatsApp message opened for an own order's customer (issue 30): Comanda's own record too.
      const message = customerMessageOfAction(entry.name);
      if (message) return t(`customerMessage.${message}`);
      return (ORDER_ACTIONS as readonly string[]).includes(entry.name)
        ? t(`action.${entry.name as (typeof ORDER_ACTIONS)[number]}`)
        : t("unknownAction", { name: entry.name });
    }
    if (entry.name.startsWith(RECONCILED_PREFIX)) {
      const step = entry.name.slice(RECONCILED_PREFIX.length);
      return t("reconciled", {
        step: (KNOWN_EVENTS as readonly string[]).includes(step)
          ? t(`event.${step as (typeof KNOWN_EVENTS)[number]}`)
          : step,
      });
    }
    return (KNOWN_EVENTS as readonly string[]).includes(entry.name)
      ? t(`event.${entry.name as (typeof KNOWN_EVENTS)[number]}`)
      : t("unknownEvent", { type: entry.name });
  };
}
