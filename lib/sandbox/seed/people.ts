// Customers and São Paulo addresses for generated orders. Streets, districts and CEPs are real
// places so that addresses look right on a kitchen ticket; numbers and people are invented.

export const firstNames = [
  "Ana Beatriz",
  "João Pedro",
  "Maria Eduarda",
  "Lucas",
  "Camila",
  "Rafael",
  "Juliana",
  "Gabriel",
  "Fernanda",
  "Thiago",
  "Larissa",
  "Bruno",
  "Letícia",
  "Matheus",
  "Beatriz",
  "Guilherme",
] as const;

export const lastNames = [
  "Souza",
  "Oliveira",
  "Santos",
  "Ferreira",
  "Rodrigues",
  "Almeida",
  "Costa",
  "Lima",
  "Carvalho",
  "Ribeiro",
  "Gomes",
  "Martins",
  "Araújo",
  "Nascimento",
  "Pereira",
  "Barbosa",
] as const;

export type StreetSeed = {
  street: string;
  district: string;
  postalCode: string;
  latitude: number;
  longitude: number;
};

export const streets: readonly StreetSeed[] = [
  { street: "Rua Augusta", district: "Consolação", postalCode: "01305-000", latitude: -23.5534, longitude: -46.6556 },
  {
    street: "Avenida Paulista",
    district: "Bela Vista",
    postalCode: "01310-100",
    latitude: -23.5614,
    longitude: -46.6559,
  },
  {
    street: "Rua Harmonia",
    district: "Vila Madalena",
    postalCode: "05435-000",
    latitude: -23.5541,
    longitude: -46.6877,
  },
  {
    street: "Rua dos Pinheiros",
    district: "Pinheiros",
    postalCode: "05422-001",
    latitude: -23.5653,
    longitude: -46.6818,
  },
  {
    street: "Alameda Santos",
    district: "Jardim Paulista",
    postalCode: "01419-000",
    latitude: -23.5668,
    longitude: -46.6517,
  },
  {
    street: "Rua Vergueiro",
    district: "Vila Mariana",
    postalCode: "04101-000",
    latitude: -23.5856,
    longitude: -46.6365,
  },
  { street: "Rua Tuiuti", district: "Tatuapé", postalCode: "03081-000", latitude: -23.5405, longitude: -46.5767 },
  { street: "Avenida Ibirapuera", district: "Moema", postalCode: "04029-000", latitude: -23.6003, longitude: -46.6659 },
  {
    street: "Rua Voluntários da Pátria",
    district: "Santana",
    postalCode: "02011-000",
    latitude: -23.5021,
    longitude: -46.6254,
  },
  {
    street: "Rua Cardeal Arcoverde",
    district: "Pinheiros",
    postalCode: "05407-000",
    latitude: -23.5592,
    longitude: -46.6826,
  },
  {
    street: "Rua Teodoro Sampaio",
    district: "Pinheiros",
    postalCode: "05405-000",
    latitude: -23.5608,
    longitude: -46.6789,
  },
  { street: "Rua da Mooca", district: "Mooca", postalCode: "03104-000", latitude: -23.5555, longitude: -46.6056 },
];

export const complements = [
  "Apto 52, Bloco B",
  "Casa 2",
  "Apto 134",
  "Fundos",
  "Sala 407",
  "Apto 21, Torre 1",
] as const;

export const references = [
  "Próximo ao metrô",
  "Portão azul",
  "Em frente à padaria",
  "Ao lado da farmácia",
  "Prédio com portaria 24 h",
  "Esquina com a praça",
] as const;

export const extraInfos = [
  "Mandar talheres e guardanapos",
  "Interfone quebrado, ligar ao chegar",
  "Não tocar a campainha, bebê dormindo",
  "Cliente pediu nota fiscal com CPF",
] as const;
