import { merchantIdOfKey } from "../merchant-id";
import { stores } from "./stores";
import type { AddressDef } from "./types";

// The brand's customer accounts (shared by both stores, like a brand app). Usernames are the
// e-mail addresses; passwords are for this local test double only.

export type SeedCustomer = {
  id: number;
  username: string;
  password: string;
  firstName: string;
  lastName: string;
  email: string;
  telephone: string;
  birthDate: string;
  document: string;
  receivePromotionalEmail: boolean;
  addresses: { description: string | null; address: AddressDef }[];
  /** Approved loyalty points: [points, earned this many days ago]. */
  loyaltyPoints: [number, number][];
  /** Referral rewards the customer can redeem (friends who ordered with their code). */
  referralRewards: number;
  referralCode: string;
  individualVoucherIds: number[];
};

const sp = { city: "São Paulo", state: "SP" };

const address = (a: Omit<AddressDef, "city" | "state">): AddressDef => ({ ...a, ...sp });

const customers: SeedCustomer[] = [
  {
    id: 1001,
    username: "ana.souza@example.com.br",
    password: "pizza-na-vila-1",
    firstName: "Ana Beatriz",
    lastName: "Souza",
    email: "ana.souza@example.com.br",
    telephone: "11987651234",
    birthDate: "1991-11-21",
    document: "52998224725",
    receivePromotionalEmail: true,
    addresses: [
      {
        description: "Casa",
        address: address({
          street: "Rua Harmonia",
          number: "123",
          zipcode: "05435000",
          neighborhood: "Vila Madalena",
          complement: "Apto 52, Bloco B",
          reference_point: "Portão azul",
          lat: -23.5541,
          lng: -46.6877,
        }),
      },
      {
        description: "Trabalho",
        address: address({
          street: "Avenida Paulista",
          number: "1578",
          zipcode: "01310200",
          neighborhood: "Bela Vista",
          complement: "Sala 407",
          reference_point: null,
          lat: -23.5614,
          lng: -46.6559,
        }),
      },
      {
        description: "Casa da mãe",
        address: address({
          street: "Rua Tuiuti",
          number: "500",
          zipcode: "03081000",
          neighborhood: "Tatuapé",
          complement: "Casa 2",
          reference_point: "Próximo ao metrô",
          lat: -23.5405,
          lng: -46.5767,
        }),
      },
    ],
    loyaltyPoints: [
      [80, 100],
      [45, 20],
      [30, 3],
    ],
    referralRewards: 0,
    referralCode: "ANA10VILA",
    individualVoucherIds: [7],
  },
  {
    id: 1002,
    username: "joao.oliveira@example.com.br",
    password: "smash-duplo-2",
    firstName: "João Pedro",
    lastName: "Oliveira",
    email: "joao.oliveira@example.com.br",
    telephone: "11976543210",
    birthDate: "1988-04-02",
    document: "11144477735",
    receivePromotionalEmail: false,
    addresses: [
      {
        description: "Casa",
        address: address({
          street: "Rua dos Pinheiros",
          number: "800",
          zipcode: "05422001",
          neighborhood: "Pinheiros",
          complement: "Apto 134",
          reference_point: "Em frente à padaria",
          lat: -23.5653,
          lng: -46.6818,
        }),
      },
    ],
    loyaltyPoints: [[40, 10]],
    referralRewards: 1,
    referralCode: "JOAO10VILA",
    individualVoucherIds: [],
  },
  {
    id: 1003,
    username: "camila.lima@example.com.br",
    password: "acai-com-granola-3",
    firstName: "Camila",
    lastName: "Lima",
    email: "camila.lima@example.com.br",
    telephone: "11965432109",
    birthDate: "1999-08-15",
    document: "39053344705",
    receivePromotionalEmail: true,
    addresses: [
      {
        description: null,
        address: address({
          street: "Rua Cardeal Arcoverde",
          number: "1200",
          zipcode: "05407000",
          neighborhood: "Pinheiros",
          complement: "Fundos",
          reference_point: null,
          lat: -23.5592,
          lng: -46.6826,
        }),
      },
    ],
    loyaltyPoints: [],
    referralRewards: 0,
    referralCode: "CAMILA10VILA",
    individualVoucherIds: [],
  },
];

const brandMerchantIds = new Set(stores.map((store) => merchantIdOfKey(store.merchantKey)));

/** A fresh copy of the brand's seed customers (with username and password) for a merchant of the brand. */
export function seedCustomers(merchantId?: string): SeedCustomer[] {
  if (merchantId !== undefined && !brandMerchantIds.has(merchantId)) return [];
  return structuredClone(customers);
}
