import type { Merchant, MerchantAccount, MerchantStatus } from '@contract/merchant';

/**
 * Deterministic merchants for the MSW backend: the same 35 every run, so tests can name them. They
 * cover every status, merchants without a logo, one without any business detail and one with no
 * compliance or contact person, which the detail tabs' empty states need.
 */

const NAMES = [
  'Abyssinia Coffee Exporters',
  'Bole Books',
  'Entoto Outdoor Gear',
  'Habesha Textiles',
  'Lalibela Tours',
  'Merkato Electronics',
  'Sheger Bakery',
  'Tana Fisheries',
  'Zemen Foods',
  'Axum Pharmacy',
  'Blue Nile Logistics',
  'Gondar Crafts',
  'Harar Spice House',
  'Kaldi Roasters',
  'Piassa Jewellers',
  'Rift Valley Wines',
  'Semien Travel',
  'Addis Print Works',
  'Dire Dawa Motors',
  'Arba Minch Fruits',
  'Jimma Honey Co',
  'Mekelle Cement Traders',
  'Bahir Dar Boatyard',
  'Adama Solar',
  'Hawassa Lakeside Hotel',
  'Debre Zeit Dairy',
  'Wollo Weavers',
  'Sidama Organic',
  'Yirgacheffe Growers',
  'Kombolcha Tyres',
  'Gambela Agro',
  'Dessie Hardware',
  'Shashemene Market',
  'Nekemte Mobile',
];

const INDUSTRIES = [
  ['Agriculture', 'Coffee'],
  ['Retail', 'Books'],
  ['Retail', 'Sporting goods'],
  ['Manufacturing', 'Textiles'],
  ['Hospitality', 'Travel'],
  ['Retail', 'Electronics'],
  ['Food and beverage', 'Bakery'],
] as const;

/** Cycled over the merchants; every status appears several times. */
const STATUSES: readonly MerchantStatus[] = [
  'ACTIVE',
  'PENDING_VERIFICATION',
  'PENDING',
  'ACTIVE',
  'INACTIVE',
  'PENDING_VERIFICATION',
  'ACTIVE',
  'DELETED',
  'PENDING',
  'INACTIVE',
];

export const MERCHANT_COUNT = 35;

/** A UUID v4-shaped id from a number, so ids are stable across runs. */
export function mockId(kind: number, n: number): string {
  return `00000000-0000-4000-8${kind.toString(16).padStart(3, '0')}-${n.toString(16).padStart(12, '0')}`;
}

function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** A small inline SVG logo: loads offline, in tests and in the browser worker alike. */
function logoFor(name: string, hue: number): string {
  const letter = name.charAt(0);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" rx="32" fill="hsl(${hue},60%,45%)"/><text x="32" y="42" font-size="28" text-anchor="middle" fill="#fff" font-family="sans-serif">${letter}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

const BASE_TIME = Date.UTC(2026, 10, 1, 9, 0, 0);

export function buildMerchant(i: number): Merchant {
  const name = NAMES[i % NAMES.length] ?? `Merchant ${i + 1}`;
  const [industry, category] = INDUSTRIES[i % INDUSTRIES.length] ?? ['Retail', 'General'];
  const phone = `+2519${String(11_000_000 + i * 7_919).padStart(8, '0')}`;
  const host = `${slug(name)}.et`;
  const noBusinessDetail = i === 33;
  const noCompliance = i === 32;
  return {
    id: mockId(1, i + 1),
    merchant_code: `MER-${String(1001 + i)}`,
    status: STATUSES[i % STATUSES.length] ?? 'PENDING',
    business_detail: noBusinessDetail
      ? null
      : {
          name,
          // Every third merchant has no logo, so the list shows initials.
          logo: i % 3 === 2 ? null : logoFor(name, (i * 37) % 360),
          phone_number: phone,
          email: `info@${host}`,
          website: i % 4 === 3 ? null : i % 2 === 0 ? `https://www.${host}` : `www.${host}`,
          industry,
          industry_category: category,
          employees: 5 + ((i * 13) % 200),
          transaction_volume: String(10_000 * (1 + (i % 9))),
          address_one: `Kebele ${String(1 + (i % 20)).padStart(2, '0')}, Addis Ababa`,
          address_two: i % 2 === 0 ? null : `House ${100 + i}`,
        },
    compliance: noCompliance
      ? null
      : {
          business_name: `${name} PLC`,
          type: i % 2 === 0 ? 'Private Limited Company' : 'Sole Proprietorship',
          tin: String(1_000_000_000 + i * 104_729),
          business_registration_number: `AA/${2020 + (i % 6)}/${String(3000 + i)}`,
          tin_certification: `/documents/${slug(name)}/tin-certificate.pdf`,
          trade_license: i % 5 === 0 ? null : `/documents/${slug(name)}/trade-license.pdf`,
          moa:
            i % 3 === 0 ? [`/documents/${slug(name)}/moa-1.pdf`, `/documents/${slug(name)}/moa-2.pdf`] : null,
          address: {
            state: 'Addis Ababa',
            kebele: String(1 + (i % 20)).padStart(2, '0'),
            city: 'Addis Ababa',
            house_number: String(100 + i),
            wereda: String(1 + (i % 12)).padStart(2, '0'),
          },
        },
    contact_person: noCompliance
      ? null
      : {
          first_name: ['Abebe', 'Almaz', 'Dawit', 'Hana', 'Kebede', 'Meron', 'Selam'][i % 7] ?? 'Abebe',
          last_name: ['Bekele', 'Tesfaye', 'Girma', 'Alemu', 'Haile'][i % 5] ?? 'Bekele',
          phone_number: `+2519${String(22_000_000 + i * 3_571).padStart(8, '0')}`,
          address: 'Bole Sub-city, Addis Ababa',
          state: 'Addis Ababa',
          type: i % 2 === 0 ? 'National ID' : 'Passport',
          document: `/documents/${slug(name)}/id.pdf`,
        },
    // One merchant every 7 hours, going back from the base time: newest first is index order.
    created_at: new Date(BASE_TIME - i * 7 * 3_600_000).toISOString(),
  };
}

export function buildMerchants(count = MERCHANT_COUNT): Merchant[] {
  return Array.from({ length: count }, (_, i) => buildMerchant(i));
}

const ACCOUNT_METHODS = [
  { name: 'Commercial Bank of Ethiopia', type: 'BANK', logo: null },
  { name: 'telebirr', type: 'WALLET', logo: null },
  { name: 'Awash Bank', type: 'BANK', logo: null },
  { name: 'Visa', type: 'CARD', logo: null },
] as const satisfies readonly MerchantAccount['payment_method'][];

/** Bank accounts of the merchant at `index`: none for every fourth, one to three for the rest. */
export function buildMerchantAccounts(index: number): MerchantAccount[] {
  const count = index % 4 === 3 ? 0 : 1 + (index % 3);
  return Array.from({ length: count }, (_, k) => ({
    id: mockId(2, index * 10 + k + 1),
    payment_method: { ...(ACCOUNT_METHODS[(index + k) % ACCOUNT_METHODS.length] ?? ACCOUNT_METHODS[0]) },
    account_number: `1000${String(index).padStart(4, '0')}${k}`,
    status: (['Success', 'Pending', 'Rejected'] as const)[(index + k) % 3] ?? 'Success',
  }));
}
