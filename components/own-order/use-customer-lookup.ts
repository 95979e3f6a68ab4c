"use client";

import { useQuery } from "@tanstack/react-query";
import { useDeferredValue } from "react";
import { customerListSchema, type CustomerFound } from "@/lib/contract/own-order-form";
import { apiRequest } from "@/lib/contract/client";
import { samePhone } from "./draft";

/**
 * The restaurant's customer with the typed number, once it has enough digits (one request per
 * number, shared by the sections that read it: the name and "repetir pedido", the saved addresses).
 */
export function useCustomerLookup(storeId: string, typed: string) {
  const phone = useDeferredValue(typed.trim());
  const digits = phone.replace(/\D/g, "");
  const lookup = useQuery({
    queryKey: ["ownOrderCustomer", storeId, digits],
    queryFn: ({ signal }) =>
      apiRequest(
        customerListSchema,
        `/api/customers?storeId=${encodeURIComponent(storeId)}&q=${encodeURIComponent(phone)}`,
        { signal },
      ),
    enabled: digits.length >= 10,
    staleTime: 60_000,
  });
  const found: CustomerFound | undefined = lookup.data?.customers.find((customer) => samePhone(typed, customer.phone));
  return { lookup, found, digits };
}
