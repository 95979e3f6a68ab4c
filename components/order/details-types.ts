/**
 * The parts of the platform's (Open Delivery) order the details view reads. Everything is
 * optional: the platform's payload is shown as far as it goes, never trusted to be complete.
 */
export interface DetailsOption {
  name?: string;
  quantity?: number;
}

export interface DetailsItem {
  name?: string;
  quantity?: number;
  unit?: string;
  specialInstructions?: string | null;
  options?: DetailsOption[] | null;
}

export interface DetailsPrice {
  value?: number;
  currency?: string;
}

export interface OrderDetails {
  items?: DetailsItem[];
  customer?: { name?: string; phone?: { number?: string } | null } | null;
  delivery?: { deliveryAddress?: { formattedAddress?: string; reference?: string | null } | null } | null;
  payments?: {
    prepaid?: number;
    pending?: number;
    methods?: Array<{ method?: string; type?: string; value?: number; currency?: string; changeFor?: number | null }>;
  } | null;
  total?: {
    itemsPrice?: DetailsPrice;
    otherFees?: DetailsPrice;
    discount?: DetailsPrice;
    orderAmount?: DetailsPrice;
  } | null;
  otherFees?: Array<{ name?: string; type?: string; price?: DetailsPrice }> | null;
  discounts?: Array<{ amount?: DetailsPrice; target?: string }> | null;
  extraInfo?: string | null;
  takeout?: { mode?: string; takeoutDateTime?: string } | null;
  indoor?: { place?: string; tab?: string | null; table?: string | null } | null;
}
