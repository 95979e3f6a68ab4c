import type { KitchenLine, Money } from "@/lib/contract/board";

/**
 * Comanda's own view of an order's details, kept beside the raw payload. What crosses to the
 * browser (the card, the order for review) is declared in lib/contract.
 */

/** What Comanda keeps of the platform's order details (reshaped once, at the boundary). */
export interface OrderSummary {
  displayId: string;
  type: string;
  customerName: string | null;
  itemCount: number;
  total: Money | null;
  placedAt: string;
  /** INSTANT or SCHEDULED (or a newer value, kept). */
  timing: string;
  /** When the kitchen should start (the standard's preparationStartDateTime). */
  preparationStartAt: string | null;
  scheduledFor: string | null;
  /** INDOOR: the table (indoor.place) or tab (indoor.tab). Absent in summaries stored before it. */
  place?: string | null;
  lines?: KitchenLine[];
  /**
   * The standard's total breakdown (itemsPrice, otherFees, discount values), when the platform
   * sent numbers for all three: whether the order amount adds up. Absent in older summaries.
   */
  totals?: { itemsPrice: number; otherFees: number; discount: number } | null;
  /** The customer's note for the whole order. Absent in summaries stored before it. */
  notes?: string | null;
  /**
   * The code the platform's courier gives to collect the bag (the standard's delivery.pickupCode).
   * Absent in summaries stored before it.
   */
  pickupCode?: string | null;
}
