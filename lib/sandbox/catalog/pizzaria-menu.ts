import { EVERY_DAY, opt, periods, property, WEEKDAYS } from "./build";
import type { CategoryDef, FlavorDef, OrderingDef, PizzaSizeDef, PropertyDef } from "./types";

// Pizzaria Bella Napoli: sizes with savory and sweet flavours (half-and-half up to the size's
// maximum, priced by the dearest flavour, as most São Paulo pizzerias do), stuffed crusts,
// starters, drinks, desserts and a weekday lunch calzone. The one definition of this menu: the
// store API's catalogue shows it and the interchange side's random orders are drawn from it.

const crust: PropertyDef = property(1101, "Borda", { choiceType: "SINGLE", min: 0, max: 1 }, [
  opt(110101, "BORDA-CATUPIRY", "Borda recheada de Catupiry", 1200),
  opt(110102, "BORDA-CHEDDAR", "Borda recheada de cheddar", 1200),
  opt(110103, "BORDA-CHOCOLATE", "Borda recheada de chocolate", 1400),
]);

const dough: PropertyDef = property(1102, "Massa", { choiceType: "SINGLE", min: 1, max: 1 }, [
  opt(110201, "MASSA-TRADICIONAL", "Massa tradicional", 0),
  opt(110202, "MASSA-FINA", "Massa fina e crocante", 0),
  opt(110203, "MASSA-INTEGRAL", "Massa integral", 300),
]);

const size = (
  id: number,
  code: string,
  name: string,
  slices: number,
  maximumFlavors: number,
  prices: number[],
): PizzaSizeDef => ({
  id,
  customCode: code,
  name,
  description: `${slices} fatias, até ${maximumFlavors} ${maximumFlavors === 1 ? "sabor" : "sabores"}`,
  slices,
  maximumFlavors,
  priceCalculationType: "HIGHEST",
  tierPrices: { TRADICIONAL: prices[0] ?? 0, ESPECIAL: prices[1] ?? 0, PREMIUM: prices[2] ?? 0, DOCE: prices[3] ?? 0 },
  properties: [dough, crust],
});

export const pizzaSizes: PizzaSizeDef[] = [
  size(1201, "PZ-BROTO", "Pizza Broto", 4, 1, [3490, 3890, 4290, 3690]),
  size(1202, "PZ-MEDIA", "Pizza Média", 6, 2, [4690, 5190, 5690, 4990]),
  size(1203, "PZ-GRANDE", "Pizza Grande", 8, 2, [5490, 6190, 6790, 5890]),
  size(1204, "PZ-FAMILIA", "Pizza Família", 12, 3, [6990, 7890, 8590, 7490]),
];

const flavor = (
  id: number,
  code: string,
  name: string,
  tier: FlavorDef["tier"],
  description: string,
  status?: string,
): FlavorDef => ({
  id,
  customCode: code,
  name,
  tier,
  description,
  ...(status ? { status } : {}),
});

export const flavors: FlavorDef[] = [
  flavor(1301, "SAB-CALABRESA", "Calabresa", "TRADICIONAL", "Calabresa fatiada, cebola e azeitonas"),
  flavor(1302, "SAB-MUSSARELA", "Mussarela", "TRADICIONAL", "Mussarela, tomate e orégano"),
  flavor(1303, "SAB-MARGUERITA", "Marguerita", "TRADICIONAL", "Mussarela, tomate e manjericão fresco"),
  flavor(1304, "SAB-PORTUGUESA", "Portuguesa", "ESPECIAL", "Presunto, ovos, cebola, ervilha e mussarela"),
  flavor(1305, "SAB-FRANGO-CATUPIRY", "Frango com Catupiry", "ESPECIAL", "Frango desfiado com Catupiry original"),
  flavor(1306, "SAB-NAPOLITANA", "Napolitana", "ESPECIAL", "Mussarela, tomate e parmesão"),
  flavor(1307, "SAB-QUATRO-QUEIJOS", "Quatro Queijos", "PREMIUM", "Mussarela, provolone, parmesão e gorgonzola"),
  flavor(1308, "SAB-PALMITO", "Palmito", "PREMIUM", "Palmito pupunha e mussarela"),
  flavor(1309, "SAB-CAMARAO", "Camarão", "PREMIUM", "Camarão ao alho com Catupiry (esgotado hoje)", "UNAVAILABLE"),
  flavor(1351, "SAB-BRIGADEIRO", "Brigadeiro", "DOCE", "Chocolate ao leite e granulado"),
  flavor(1352, "SAB-ROMEU-JULIETA", "Romeu e Julieta", "DOCE", "Goiabada cascão e mussarela"),
  flavor(1353, "SAB-BANANA-CANELA", "Banana com canela", "DOCE", "Banana, açúcar e canela"),
  flavor(1354, "SAB-PRESTIGIO", "Prestígio", "DOCE", "Chocolate e coco ralado"),
];

const juiceFlavor = property(1103, "Sabor do suco", { choiceType: "SINGLE", min: 1, max: 1 }, [
  opt(110301, "SUCO-LARANJA", "Laranja", 0),
  opt(110302, "SUCO-LIMAO", "Limão", 0),
  opt(110303, "SUCO-MARACUJA", "Maracujá", 0),
  opt(110304, "SUCO-ABACAXI-HORTELA", "Abacaxi com hortelã", 200),
]);

const iceCream = property(1104, "Acompanhamento", { choiceType: "SINGLE", min: 0, max: 1 }, [
  opt(110401, "SORVETE-CREME", "Bola de sorvete de creme", 500),
  opt(110402, "CHANTILLY", "Chantilly", 300),
]);

export const pizzariaCategories: CategoryDef[] = [
  {
    id: 1001,
    name: "Pizzas",
    description: "Monte a sua: tamanho, até 3 sabores e borda",
    isPizzaModule: true,
    items: [],
  },
  {
    id: 1002,
    name: "Entradas",
    description: "Para começar",
    items: [
      {
        id: 1401,
        customCode: "ENT-PAO-ALHO",
        name: "Pão de alho",
        description: "6 unidades com requeijão",
        priceCents: 1890,
      },
      {
        id: 1402,
        customCode: "ENT-BRUSCHETTA",
        name: "Bruschetta de tomate",
        description: "4 fatias, tomate e manjericão",
        priceCents: 2490,
      },
      {
        id: 1403,
        customCode: "ENT-CALZONE-EXEC",
        name: "Calzone executivo + refrigerante lata",
        description: "Só no almoço, de segunda a sexta",
        priceCents: 3290,
        availabilities: periods(WEEKDAYS, "11:00", "15:00"),
        badges: ["Almoço"],
      },
    ],
  },
  {
    id: 1003,
    name: "Bebidas",
    description: "Geladas",
    items: [
      { id: 1501, customCode: "BEB-GUARANA-2L", name: "Guaraná Antarctica 2 L", description: "", priceCents: 1300 },
      {
        id: 1502,
        customCode: "BEB-COCA-2L",
        name: "Coca-Cola 2 L",
        description: "",
        priceCents: 1400,
        oldPriceCents: 1600,
      },
      { id: 1503, customCode: "BEB-AGUA-500", name: "Água mineral sem gás 500 ml", description: "", priceCents: 400 },
      {
        id: 1504,
        customCode: "BEB-SUCO-300",
        name: "Suco natural 300 ml",
        description: "Feito na hora",
        priceCents: 900,
        properties: [juiceFlavor],
      },
      {
        id: 1505,
        customCode: "BEB-ORIGINAL-600",
        name: "Cerveja Original 600 ml",
        description: "Venda proibida para menores de 18 anos",
        priceCents: 1690,
        availabilities: periods(EVERY_DAY, "17:00", "23:59"),
      },
    ],
  },
  {
    id: 1004,
    name: "Sobremesas",
    description: "",
    items: [
      {
        id: 1601,
        customCode: "SOB-PETIT-GATEAU",
        name: "Petit gâteau",
        description: "Com calda de chocolate",
        priceCents: 2290,
        properties: [iceCream],
      },
      { id: 1602, customCode: "SOB-PUDIM", name: "Pudim de leite", description: "Fatia generosa", priceCents: 1290 },
      {
        id: 1603,
        customCode: "SOB-TIRAMISU",
        name: "Tiramisù",
        description: "Sem estoque",
        priceCents: 1890,
        status: "UNAVAILABLE",
      },
    ],
  },
];

/** Generated orders: one or two pizzas, sometimes a starter, drink or dessert. */
export const pizzariaOrdering: OrderingDef = {
  deliveryFeeCents: [599, 799, 899],
  sections: [
    { min: 1, max: 2, categoryIds: [1001] },
    { min: 0, max: 2, categoryIds: [1002, 1003, 1004] },
  ],
  instructions: { 1001: ["sem cebola", "bem assada", "cortar em pedaços pequenos", "sem azeitona"] },
};
