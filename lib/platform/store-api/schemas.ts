import { z } from "zod";

// The store API's payloads as the platform document describes them, parsed at the boundary and
// reshaped once into our own types (types.ts). Lenient on purpose: enumerations are open
// strings, and fields a page can live without default to null instead of failing the page.

const text = z
  .string()
  .nullish()
  .transform((value) => value ?? "");
const int = z.number().int();
const flag = z
  .boolean()
  .nullish()
  .transform((value) => value ?? false);

export const moneySchema = z.object({ value: z.number().finite(), currency: z.string().nullish() });
const optionalMoney = moneySchema.nullish().transform((value) => value ?? null);

export const envelope = <T extends z.ZodType>(data: T) => z.object({ status: z.literal("success"), data });

const availabilitySchema = z.object({
  weekday: int,
  periodStart: z.string(),
  periodEnd: z.string(),
});

const addressSchema = z.object({
  street: text,
  number: text,
  zipcode: text,
  neighborhood: text,
  city: text,
  state: text,
  complement: text,
  lat: z.number().nullish(),
  lng: z.number().nullish(),
});

export const storeSchema = z.object({
  status: text,
  id: int.nullish(),
  serviceId: text,
  name: z.string(),
  companyName: text,
  document: text,
  description: text,
  lat: z.number().nullish(),
  lng: z.number().nullish(),
  minimumOrder: optionalMoney,
  takeoutMinimumOrder: optionalMoney,
  minWaitingTime: int.nullish(),
  maxWaitingTime: int.nullish(),
  businessHours: z.array(z.object({ weekday: int, shiftStart: z.string(), shiftEnd: z.string() })).nullish(),
  address: addressSchema.nullish(),
  contactTelephone: text,
  enabledReceiveOrders: z.boolean().nullish(),
  onlinePaymentAvailable: flag,
  offlinePaymentAvailable: flag,
  paymentMethodsByOrderType: z
    .record(z.string(), z.object({ offline: flag, onlineCreditCard: flag, onlinePix: flag }))
    .nullish(),
});

const feeRuleSchema = z
  .object({
    type: text,
    fixedPrice: optionalMoney,
    dynamicPrice: optionalMoney,
    dynamicPriceStart: z.string().nullish(),
    dynamicPriceEnd: z.string().nullish(),
    freeDeliveryMinimumOrder: optionalMoney,
  })
  .nullish();

const areaBase = {
  id: int,
  type: text,
  name: text,
  isActive: z.boolean().nullish(),
  minimumWaitingMinutes: int.nullish(),
  maximumWaitingMinutes: int.nullish(),
  deliveryFeePricingRule: feeRuleSchema,
  inactivationPeriod: z
    .object({ inactivationStart: z.string().nullish(), inactivationEnd: z.string().nullish() })
    .nullish(),
};

export const deliveryAreasSchema = z.object({
  deliveryAreas: z.array(
    z.object({ ...areaBase, polygon: z.array(z.object({ lat: z.number(), lng: z.number() })).nullish() }),
  ),
});

export const specificLocationsSchema = z.object({
  specificLocations: z.array(z.object({ ...areaBase, street: text, neighborhood: text, zipcode: text })),
});

export const paymentFormsSchema = z.object({
  paymentForms: z.array(
    z.object({
      id: int,
      name: z.string(),
      askForChange: flag,
      isCardBrand: flag,
      onlineAvailable: flag,
      deliveryAcceptance: flag,
      discountPercentage: z.number().nullish(),
    }),
  ),
});

const paginationSchema = z.object({ currentOffset: int, limit: int, totalItems: int }).nullish();

export const categoriesSchema = z.object({
  categories: z.array(
    z.object({
      id: int,
      name: z.string(),
      description: text,
      status: text,
      isPizzaModule: flag,
      totalItems: int.nullish(),
      viewOrder: int.nullish(),
    }),
  ),
  pagination: paginationSchema,
});

const propertySchema = z.object({
  id: int,
  name: z.string(),
  description: text,
  comboMinChoices: int.nullish(),
  comboMaxChoices: int.nullish(),
  itemPropertyOptions: z
    .array(z.object({ id: int, name: z.string(), description: text, status: text, basePrice: optionalMoney }))
    .nullish(),
});

export const itemsSchema = z.object({
  items: z.array(
    z.object({
      id: int,
      name: z.string(),
      description: text,
      status: text,
      price: optionalMoney,
      promotionalOldPrice: optionalMoney,
      customCode: z.string().nullish(),
      itemAvailabilities: z.array(availabilitySchema).nullish(),
      itemProperties: z.array(propertySchema).nullish(),
    }),
  ),
  pagination: paginationSchema,
});

const flavorSchema = z.object({
  id: int,
  name: z.string(),
  description: text,
  status: text,
  price: optionalMoney,
  itemAvailabilities: z.array(availabilitySchema).nullish(),
});

export const pizzaSizesSchema = z.object({
  pizzaSizes: z.array(
    z.object({
      id: int,
      name: z.string(),
      description: text,
      status: text,
      slices: int.nullish(),
      maximumFlavors: int.nullish(),
      priceCalculationType: text,
      savoryFlavors: z.array(flavorSchema).nullish(),
      sweetFlavors: z.array(flavorSchema).nullish(),
      properties: z.array(propertySchema).nullish(),
    }),
  ),
});

/** The created order: only what the manager is shown (the platform's ids). */
export const createdOrderSchema = z.object({
  id: z.union([int, z.string()]),
  displayId: z.string().nullish(),
  interchangeOrderId: z.string().nullish(),
  status: text,
  type: text,
  scheduling: z.string().nullish(),
  values: z.object({ total: moneySchema }).nullish(),
});

export type RawStore = z.infer<typeof storeSchema>;
export type RawItems = z.infer<typeof itemsSchema>["items"];
export type RawProperty = z.infer<typeof propertySchema>;
export type RawPizzaSizes = z.infer<typeof pizzaSizesSchema>["pizzaSizes"];
