import { AppError } from "@/lib/errors";
import type {
  DeliveryArea,
  MenuItem,
  PizzaSize,
  SpecificLocation,
  StoreInfo,
  StoreMenu,
} from "@/lib/platform/store-api/types";

// A small imported menu for own-order tests: a drink, a dessert, a burger with options, and a
// pizza module of two sizes (prices in reais, as the store API gives them).

const brl = (value: number) => ({ value, currency: "BRL" });

const item = (id: number, name: string, price: number, properties: MenuItem["properties"] = []): MenuItem => ({
  id,
  name,
  description: "",
  status: "AVAILABLE",
  price: brl(price),
  oldPrice: null,
  availabilities: [],
  properties,
});

const size = (id: number, name: string, flavorPrices: number[], maximumFlavors: number): PizzaSize => ({
  id,
  name,
  description: "",
  status: "AVAILABLE",
  slices: 8,
  maximumFlavors,
  priceCalculationType: "HIGHEST",
  flavors: flavorPrices.map((price, index) => ({
    id: 100 + index,
    name: ["Calabresa", "Margherita", "Portuguesa", "Quatro queijos"][index] ?? `Sabor ${index}`,
    description: "",
    status: "AVAILABLE",
    price: brl(price),
    sweet: false,
    availabilities: [],
  })),
  properties: [
    {
      id: 50,
      name: "Borda",
      minChoices: 0,
      maxChoices: 1,
      options: [{ id: 51, name: "Borda de catupiry", status: "AVAILABLE", price: brl(9.9) }],
    },
  ],
});

export const TEST_MENU: StoreMenu = {
  categories: [
    {
      id: 1,
      name: "Lanches",
      description: "",
      // As the platform's store API lists a category on sale (an item's is AVAILABLE).
      status: "ACTIVE",
      isPizzaModule: false,
      items: [
        item(10, "X-Burger", 24.9, [
          {
            id: 20,
            name: "Adicionais",
            minChoices: 0,
            maxChoices: 3,
            options: [
              { id: 21, name: "Bacon", status: "AVAILABLE", price: brl(4.5) },
              { id: 22, name: "Ovo", status: "AVAILABLE", price: brl(2) },
            ],
          },
        ]),
        item(11, "Refrigerante lata", 6.5),
        item(12, "Pudim", 12.9),
      ],
    },
  ],
  pizzaSizes: [size(30, "Grande", [49.9, 54.9, 59.9, 62.35], 4), size(31, "Broto", [29.9, 32.9], 2)],
};

export const NO_SOLD_OUT = {
  soldOutItems: new Set<number>(),
  soldOutOptions: new Set<number>(),
  soldOutSizes: new Set<number>(),
  soldOutFlavors: new Set<number>(),
};

const rule = (fixed: number, freeAbove: number | null = null) => ({
  type: freeAbove === null ? "FIXED" : "FREE_ABOVE_MINIMUM",
  fixedPrice: brl(fixed),
  dynamicPrice: null,
  dynamicStart: null,
  dynamicEnd: null,
  freeAbove: freeAbove === null ? null : brl(freeAbove),
});

export const TEST_AREAS: DeliveryArea[] = [
  {
    id: 1,
    name: "Centro",
    active: true,
    waitingMinutes: null,
    fee: rule(5, 100),
    pause: null,
    polygon: [
      { lat: -23.0, lng: -47.0 },
      { lat: -23.0, lng: -46.9 },
      { lat: -22.9, lng: -46.9 },
      { lat: -22.9, lng: -47.0 },
    ],
  },
  { id: 2, name: "Jardim São José", active: true, waitingMinutes: null, fee: rule(8.5), pause: null, polygon: [] },
];

export const TEST_LOCATIONS: SpecificLocation[] = [
  {
    id: 3,
    name: "Condomínio Vila Verde",
    active: true,
    street: "Rua das Flores",
    neighborhood: "Vila Verde",
    zipcode: "13010-100",
    fee: rule(3),
  },
];

export const TEST_STORE: StoreInfo = {
  name: "Pizzaria Própria",
  companyName: "Pizzaria Própria Ltda",
  description: "",
  serviceId: "service-1",
  status: "OPEN",
  address: "Rua Barão de Jaguara, 100 - Centro, Campinas - SP",
  city: "Campinas",
  location: null,
  // The restaurant's DDD (19) is assumed for a number typed without one.
  telephone: "(19) 3232-1000",
  minimumOrder: null,
  takeoutMinimumOrder: null,
  waitingMinutes: null,
  businessHours: [],
  receivesOrders: true,
};

/** Why a taken order was refused: the error's reason (errors.ts), or its code; undefined when taken. */
export async function reasonOf(run: Promise<unknown>): Promise<string | undefined> {
  try {
    await run;
  } catch (error) {
    if (error instanceof AppError) return (error.extra?.reason as string | undefined) ?? error.code;
    throw error;
  }
  return undefined;
}
