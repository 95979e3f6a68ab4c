"use client";

import { useQuery } from "@tanstack/react-query";
import { useDeferredValue } from "react";
import { customerListSchema, type CustomerFound } from "@/lib/contract/own-order-form";
import { apiRequest } from "@/lib/contract/client";
import { phoneKeyOrNull } from "@/lib/own-orders/phone-key";
import { samePhone } from "./draft";

/**
 * The restaurant's customer with the typed number, once it is a whole number — a local one (the
 * restaurant's DDD assumed, as the server does) as soon as its eight or nine digits are in. One
 * request per number, shared by the sections that read it: the name and "repetir pedido", the
 * saved addresses.
 */
export function useCustomerLookup(storeId: string, typed: string, defaultDdd: string | null) {
  const phone = useDeferredValue(typed.trim());
  const key = phoneKeyOrNull(phone, { defaultDdd: defaultDdd ?? undefined });
  const lookup = useQuery({
    queryKey: ["ownOrderCustomer", storeId, key],
    queryFn: ({ signal }) =>
      apiRequest(
        customerListSchema,
        `/api/customers?storeId=${encodeURIComponent(storeId)}&q=${encodeURIComponent(key ?? "")}`,
        { signal },
      ),
    enabled: key !== null,
    staleTime: 60_000,
  });
  const found: CustomerFound | undefined =
    key === null ? undefined : lookup.data?.customers.find((customer) => samePhone(key, customer.phone));
  return { lookup, found, whole: key !== null };
}
