import { EVERY_DAY, hexagon, periods, t, WEEKDAYS } from "./build";
import { burgerAcaiCategories, burgerAcaiOrdering } from "./burger-acai-menu";
import { flavors, pizzaSizes, pizzariaCategories, pizzariaOrdering } from "./pizzaria-menu";
import type { StoreDef } from "./types";

// The brand's two stores, which are also the interchange merchants (../seed/merchants.ts builds
// them from these), so an order placed here is polled by the same merchant there.

const hours = (weekdays: number[], start: string, end: string) =>
  weekdays.map((weekday) => ({ weekday, shiftStart: t(start), shiftEnd: t(end) }));

export const pizzariaStore: StoreDef = {
  id: 101,
  merchantKey: "pizzaria-bella-napoli",
  serviceId: "bella-napoli-vila-madalena",
  name: "Pizzaria Bella Napoli",
  companyName: "Bella Napoli Pizzaria e Restaurante Ltda.",
  description: "Pizza de fermentação natural, forno a lenha, desde 1998 na Vila Madalena",
  encodedName: "pizzaria-bella-napoli",
  document: "12345678000195",
  contactTelephone: "1130312244",
  address: {
    street: "Rua Harmonia",
    number: "412",
    zipcode: "05435000",
    neighborhood: "Vila Madalena",
    city: "São Paulo",
    state: "SP",
    complement: "Loja",
    reference_point: "Esquina com a Rua Fradique Coutinho",
    lat: -23.5545,
    lng: -46.688,
  },
  colors: { primary: "#B71C1C", secondary: "#2E7D32", font: "#212121", background: "#FFF8E1" },
  minimumOrderCents: 4000,
  takeoutMinimumOrderCents: 2000,
  minWaitingTime: 40,
  maxWaitingTime: 60,
  // Dinner every night until half past midnight; lunch on weekdays.
  businessHours: [...hours(EVERY_DAY, "18:00", "00:30"), ...hours(WEEKDAYS, "11:00", "15:00")],
  categories: pizzariaCategories,
  pizzaSizes,
  flavors,
  // The first area (in this order) that contains the address prices it.
  deliveryAreas: [
    {
      id: 1101,
      name: "Vila Madalena e Pinheiros",
      polygon: hexagon(-23.5545, -46.688, 2.2),
      rule: { type: "FREE_ABOVE_MINIMUM", fixedCents: 599, freeAboveCents: 9000 },
      minWait: 35,
      maxWait: 50,
      isActive: true,
    },
    {
      id: 1102,
      name: "Zona Oeste, Jardins e Paulista",
      polygon: hexagon(-23.5575, -46.672, 5.2),
      rule: { type: "DYNAMIC", fixedCents: 899, dynamicCents: 1199, dynamicStart: t("19:00"), dynamicEnd: t("21:30") },
      minWait: 45,
      maxWait: 70,
      inactivation: { start: t("23:30"), end: t("03:00") },
      isActive: true,
    },
  ],
  specificLocations: [
    {
      id: 1151,
      name: "Hospital das Clínicas — portaria principal",
      street: "Avenida Doutor Enéas Carvalho de Aguiar",
      neighborhood: "Cerqueira César",
      zipcode: "05403000",
      rule: { type: "FIXED", fixedCents: 699 },
      minWait: 40,
      maxWait: 60,
      isActive: true,
    },
  ],
  tableSections: [
    { name: "Salão", prefixCode: "S", viewOrder: 1, tables: 12 },
    { name: "Varanda", prefixCode: "V", viewOrder: 2, tables: 6 },
  ],
  banners: [
    {
      id: 1701,
      name: "Terça da pizza grande: 2ª pela metade",
      platforms: ["ANDROID", "IOS", "WEB"],
      type: "PROMOTION",
      availabilities: periods([2], "18:00", "23:59"),
    },
    {
      id: 1702,
      name: "Borda recheada de chocolate chegou",
      platforms: ["WEB"],
      type: "NEWS",
      availabilities: periods(EVERY_DAY, "00:00", "23:59"),
    },
    {
      id: 1703,
      name: "Baixe o app e ganhe 10% no 1º pedido",
      platforms: ["ANDROID", "IOS"],
      type: "APP",
      availabilities: periods(EVERY_DAY, "00:00", "23:59"),
    },
  ],
  ordering: pizzariaOrdering,
};

export const burgerAcaiStore: StoreDef = {
  id: 102,
  merchantKey: "vila-smash-burger-acai",
  serviceId: "vila-smash-pinheiros",
  name: "Vila Smash Burger & Açaí",
  companyName: "Vila Smash Lanchonete Ltda.",
  description: "Smash burgers na chapa e açaí batido na hora, até de madrugada",
  encodedName: "vila-smash-burger-acai",
  document: "23456789000158",
  contactTelephone: "11987654321",
  address: {
    street: "Rua dos Pinheiros",
    number: "1020",
    zipcode: "05422001",
    neighborhood: "Pinheiros",
    city: "São Paulo",
    state: "SP",
    complement: "Térreo",
    reference_point: "Ao lado do Largo da Batata",
    lat: -23.565,
    lng: -46.6815,
  },
  colors: { primary: "#4A148C", secondary: "#FFC107", font: "#FFFFFF", background: "#1A1A1A" },
  minimumOrderCents: 2500,
  takeoutMinimumOrderCents: 0,
  minWaitingTime: 30,
  maxWaitingTime: 50,
  // Late nights: 11 h to 2 h every day.
  businessHours: hours(EVERY_DAY, "11:00", "02:00"),
  categories: burgerAcaiCategories,
  pizzaSizes: [],
  flavors: [],
  deliveryAreas: [
    {
      id: 2101,
      name: "Pinheiros",
      polygon: hexagon(-23.565, -46.6815, 1.6),
      rule: { type: "FIXED", fixedCents: 499 },
      minWait: 25,
      maxWait: 40,
      isActive: true,
    },
    {
      id: 2103,
      name: "Vila Mariana",
      polygon: hexagon(-23.587, -46.636, 1.8),
      rule: { type: "DYNAMIC", fixedCents: 999, dynamicCents: 1399, dynamicStart: t("19:00"), dynamicEnd: t("22:00") },
      minWait: 45,
      maxWait: 65,
      isActive: true,
    },
    {
      id: 2102,
      name: "Zona Oeste e Jardins",
      polygon: hexagon(-23.563, -46.668, 5),
      rule: { type: "FREE_ABOVE_MINIMUM", fixedCents: 799, freeAboveCents: 6000 },
      minWait: 35,
      maxWait: 55,
      isActive: true,
    },
  ],
  specificLocations: [
    {
      id: 2151,
      name: "Shopping Eldorado — armários de retirada",
      street: "Avenida Rebouças",
      neighborhood: "Pinheiros",
      zipcode: "05402918",
      rule: { type: "FIXED", fixedCents: 0 },
      minWait: 30,
      maxWait: 45,
      isActive: true,
    },
    {
      id: 2152,
      name: "Shopping Metrô Tatuapé — balcão de retirada",
      street: "Rua Domingos Agostim",
      neighborhood: "Tatuapé",
      zipcode: "03066000",
      rule: { type: "FIXED", fixedCents: 1499 },
      minWait: 50,
      maxWait: 75,
      isActive: true,
    },
  ],
  tableSections: [{ name: "Balcão", prefixCode: "B", viewOrder: 1, tables: 8 }],
  banners: [
    {
      id: 2701,
      name: "Combo almoço por R$ 34,90",
      platforms: ["ANDROID", "IOS", "WEB"],
      type: "PROMOTION",
      availabilities: periods(WEEKDAYS, "11:00", "15:00"),
    },
    {
      id: 2702,
      name: "Açaí com 20% off no cupom ACAI20",
      platforms: ["ANDROID", "IOS", "WEB"],
      type: "PROMOTION",
      availabilities: periods(EVERY_DAY, "00:00", "23:59"),
    },
  ],
  ordering: burgerAcaiOrdering,
};

export const stores: readonly StoreDef[] = [pizzariaStore, burgerAcaiStore];
