import { z } from "zod";

// The body of POST /v1/merchantUpdate as Open Delivery 1.7.0 defines it (components MerchantUpdate
// and its variants, written out here from the document): what a platform accepts, so that the
// sandbox refuses with 400 what a real platform would. MerchantUpdate's discriminator maps each
// entityType to a variant whose `updatedObjects` are whole entities of that type: an ItemOffer
// needs its itemId, index and price, a Category its index, name, externalCode and status, and so
// on. Extra properties are allowed (the schemas do not close their objects). The document says in
// prose that `updatedObjects` cannot be empty when `entityType` is set; the refinements say it here.

const status = z.enum(["AVAILABLE", "UNAVAILABLE"]);
/** The document's `format: uuid` (any version: 8-4-4-4-12 hexadecimal digits). */
const uuid = z.guid();
const uuids = z.array(uuid);
const currency = z.string().regex(/^[A-Z]{3}$/, { error: "three capital letters" });
const price = z.looseObject({ value: z.number(), currency });
const itemPrice = z.looseObject({ value: z.number(), originalValue: z.number(), currency });
const timePeriods = z.looseObject({ startTime: z.string(), endTime: z.string() });
const hours = z.looseObject({
  dayOfWeek: z.array(z.enum(["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"])),
  timePeriods,
});

const itemOffer = z.looseObject({
  id: uuid,
  itemId: z.string(),
  index: z.int(),
  status: status.optional(),
  price: itemPrice,
  availabilityId: uuids.optional(),
  optionGroupsId: uuids.optional(),
});

const option = z.looseObject({
  id: uuid,
  itemId: z.string().optional(),
  index: z.int().optional(),
  status: status.optional(),
  price: itemPrice.optional(),
  maxPermitted: z.int().optional(),
});

const item = z.looseObject({
  id: uuid,
  name: z.string().max(150),
  description: z.string(),
  externalCode: z.string(),
  status: status.optional(),
  serving: z.int().optional(),
  unit: z.enum(["UN", "KG", "L", "OZ", "LB", "GAL"]),
  ean: z.string().optional(),
});

const category = z.looseObject({
  id: uuid,
  index: z.int(),
  name: z.string().max(150),
  externalCode: z.string(),
  status,
  availabilityId: uuids.optional(),
  itemOfferId: uuids.optional(),
});

const menu = z.looseObject({
  id: uuid,
  name: z.string().max(500),
  externalCode: z.string(),
  disclaimer: z.string().optional(),
  categoryId: uuids,
});

const optionGroup = z.looseObject({
  id: uuid,
  index: z.int(),
  name: z.string().max(150),
  externalCode: z.string(),
  status,
  minPermitted: z.int(),
  maxPermitted: z.int(),
  priceMethod: z.enum(["SUM", "MAX", "AVG"]).optional(),
  options: z.array(option).optional(),
});

const service = z.looseObject({
  id: uuid,
  status,
  serviceType: z.enum(["DELIVERY", "TAKEOUT", "INDOOR"]),
  menuId: uuid,
  serviceHours: z.looseObject({ id: uuid, weekHours: z.array(hours) }),
});

const availability = z.looseObject({ id: uuid, hours: z.array(hours) });

const basicInfo = z.looseObject({
  name: z.string().max(500),
  document: z.string().regex(/^\d{14}$/, { error: "14 digits" }),
  corporateName: z.string().max(500),
  description: z.string(),
  averagePreparationTime: z.number(),
  minOrderValue: price,
  merchantType: z.literal("RESTAURANT"),
  merchantCategories: z.array(z.string()),
  address: z.looseObject({
    country: z.string().regex(/^[A-Z]{2}$/, { error: "two capital letters" }),
    ...Object.fromEntries(
      ["state", "city", "district", "street", "number", "postalCode", "complement"].map((key) => [key, z.string()]),
    ),
    latitude: z.number(),
    longitude: z.number(),
  }),
  contactEmails: z.array(z.string()),
  contactPhones: z.looseObject({ commercialNumber: z.string() }),
  logoImage: z.looseObject({ URL: z.string() }),
});

const merchant = z.looseObject({
  id: z.string().min(36).max(100),
  status,
  basicInfo,
  services: z.array(service),
  menus: z.array(menu),
  categories: z.array(category),
  itemOffers: z.array(itemOffer),
  items: z.array(item),
  optionGroups: z.array(optionGroup).optional(),
  availabilities: z.array(availability).optional(),
});

/** Each entityType's entity, as MerchantUpdate's discriminator maps it. */
const ENTITIES = {
  MERCHANT: merchant,
  BASIC_INFO: basicInfo,
  SERVICE: service,
  MENU: menu,
  CATEGORY: category,
  ITEM: item,
  ITEM_OFFER: itemOffer,
  OPTION_GROUP: optionGroup,
  OPTION: option,
  AVAILABILITY: availability,
} as const;
export type EntityType = keyof typeof ENTITIES;
const entityTypes = Object.keys(ENTITIES) as [EntityType, ...EntityType[]];

const envelope = z.object({
  merchantStatus: status.optional(),
  entityType: z.enum(entityTypes).optional(),
  updatedObjects: z.array(z.unknown()).max(1000).optional(),
});

/**
 * A 1.7.0 merchantUpdate body (empty, a status, changed entities, or both); an empty request body
 * is the standard's "read the whole document again" as `{}` is. Every updated object is checked
 * against its entityType's entity and reported by its index.
 */
export const merchantUpdateSchema = envelope
  .superRefine((update, context) => {
    const objects = update.updatedObjects;
    if (!update.entityType) {
      if (objects) context.addIssue({ code: "custom", path: ["updatedObjects"], message: "needs entityType" });
      return;
    }
    if (!objects || objects.length === 0) {
      context.addIssue({
        code: "custom",
        path: ["updatedObjects"],
        message: "must not be empty when entityType is set",
      });
      return;
    }
    const entity = ENTITIES[update.entityType];
    objects.forEach((object, index) => {
      const result = entity.safeParse(object);
      if (result.success) return;
      for (const issue of result.error.issues)
        context.addIssue({
          code: "custom",
          path: ["updatedObjects", index, ...issue.path],
          message: `${issue.message} (a whole ${update.entityType} object, as 1.7.0 requires)`,
        });
    });
  })
  // Checked whole above; the platform acts on these fields only.
  .transform((update) => update as MerchantUpdate)
  .nullish();

/** What the platform acts on: availability by id, with the standard's default status (AVAILABLE). */
export type MerchantUpdate = {
  merchantStatus?: "AVAILABLE" | "UNAVAILABLE";
  entityType?: EntityType;
  updatedObjects?: { id: string; itemId?: string; status?: "AVAILABLE" | "UNAVAILABLE" }[];
};
