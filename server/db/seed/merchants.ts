/**
 * Merchants with their business detail, compliance (documents as real PDFs in `files`), contact
 * person, logo and settlement accounts. Generated one merchant at a time from the PRNG stream, so
 * merchant N is the same whatever the batch size; written in multi-row INSERT batches.
 */
import { bulkInsert } from '../bulk-insert';
import type { Executor } from '../connect';
import { files, merchantAccounts, merchantCompliance, merchantContactPersons, merchants } from '../schema';
import { fileUrl, initialsOf, makeLogoSvg, makePdf } from './files';
import {
  ADDIS_SUB_CITIES,
  BUILDINGS,
  BUSINESS_KINDS,
  COMPANY_TYPES,
  EMAIL_DOMAINS,
  FIRST_NAMES,
  ID_TYPES,
  LAST_NAMES,
  LEGAL_SUFFIXES,
  LOGO_COLOURS,
  NAME_STEMS,
  REGIONS,
  TRANSACTION_VOLUMES,
  WEB_SUFFIXES,
} from './merchant-data';
import type { Random } from './random';
import { accountNumberFor, type ReferenceCatalog } from './reference-data';

type MerchantRow = typeof merchants.$inferInsert;
type ComplianceRow = typeof merchantCompliance.$inferInsert;
type ContactRow = typeof merchantContactPersons.$inferInsert;
type AccountRow = typeof merchantAccounts.$inferInsert;
type FileRow = typeof files.$inferInsert;
type Status = NonNullable<MerchantRow['status']>;

export interface MerchantSeedOptions {
  readonly count: number;
  readonly now: Date;
  /**
   * Only the first N merchants get real document files (and document paths); later ones have
   * compliance without documents. Keeps 100k-merchant seeds small and fast; default 5000.
   */
  readonly documentMerchants?: number;
  /** Merchants generated and written per round (default 2000); bounds memory, not parameters. */
  readonly batchSize?: number;
}

export interface MerchantSeedCounts {
  merchants: number;
  compliance: number;
  contactPersons: number;
  merchantAccounts: number;
  files: number;
}

/** How merchant i is built; merchants 0..FORCED.length-1 are fixed so even tiny seeds cover every case. */
interface Shape {
  status: Status;
  business: boolean;
  logo: boolean;
  compliance: boolean;
  complianceAddress: boolean;
  contact: boolean;
  /** moa (and for some, the trade licence) as a list of paths. */
  listDocuments: boolean;
}

/** Every part of a merchant filled in, or none; the fixed shapes below say what they add or leave out. */
const COMPLETE: Omit<Shape, 'status'> = {
  business: true,
  logo: true,
  compliance: true,
  complianceAddress: true,
  contact: true,
  listDocuments: true,
};
const BARE: Omit<Shape, 'status'> = {
  business: false,
  logo: false,
  compliance: false,
  complianceAddress: false,
  contact: false,
  listDocuments: false,
};

const FORCED: readonly Shape[] = [
  { status: 'ACTIVE', ...COMPLETE },
  { status: 'PENDING_VERIFICATION', ...COMPLETE, logo: false, listDocuments: false },
  { status: 'PENDING', ...BARE, business: true },
  { status: 'INACTIVE', ...BARE, business: true, logo: true, compliance: true },
  { status: 'DELETED', ...BARE, business: true, contact: true },
  { status: 'ACTIVE', ...BARE },
  { status: 'PENDING_VERIFICATION', ...COMPLETE },
];

const STATUS_WEIGHTS: readonly (readonly [Status, number])[] = [
  ['ACTIVE', 55],
  ['PENDING_VERIFICATION', 20],
  ['PENDING', 10],
  ['INACTIVE', 10],
  ['DELETED', 5],
];

function drawShape(random: Random, index: number): Shape {
  const status = random.weighted(STATUS_WEIGHTS);
  const business = random.chance(0.93);
  // Merchants that only signed up (PENDING) rarely have compliance papers yet.
  const compliance = random.chance(status === 'PENDING' ? 0.25 : 0.8);
  const shape: Shape = {
    status,
    business,
    logo: business && random.chance(0.6),
    compliance,
    complianceAddress: compliance && random.chance(0.9),
    contact: random.chance(status === 'PENDING' ? 0.5 : 0.85),
    listDocuments: compliance && random.chance(0.08),
  };
  return FORCED[index] ?? shape;
}

export const merchantCode = (index: number) => `M${String(index + 1).padStart(6, '0')}`;

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '');

const phone = (random: Random) => `+2519${random.digits(8)}`;

interface Generated {
  merchant: MerchantRow;
  compliance: ComplianceRow | null;
  contact: ContactRow | null;
  accounts: AccountRow[];
  files: FileRow[];
}

function generateMerchant(
  random: Random,
  index: number,
  options: Required<MerchantSeedOptions>,
  catalog: ReferenceCatalog,
): Generated {
  // Merchant N depends only on the seed and N (the PRNG stream), not on batch size or knobs.
  const id = random.uuid();
  const shape = drawShape(random, index);
  const code = merchantCode(index);
  const kind = random.pick(BUSINESS_KINDS);
  const stem = random.pick(NAME_STEMS);
  const name = `${stem} ${kind.noun}`;
  const legalName = `${name} ${random.pick(LEGAL_SUFFIXES)}`;
  const site = `${slug(stem)}${slug(kind.noun)}${random.pick(WEB_SUFFIXES)}`;
  const region = random.weighted(REGIONS.map((r) => [r, r.weight] as const));
  const city = random.pick(region.cities);
  const subCity = random.pick(ADDIS_SUB_CITIES);
  const weredaNumber = String(random.int(1, 14)).padStart(2, '0');
  const wereda =
    region.state === 'Addis Ababa' ? `${subCity} Woreda ${weredaNumber}` : `Woreda ${weredaNumber}`;
  const kebele = String(random.int(1, 20)).padStart(2, '0');
  const houseNumber = random.chance(0.15) ? 'New' : String(random.int(1, 4999));
  const contactFirst = random.pick(FIRST_NAMES);
  const contactLast = random.pick(LAST_NAMES);
  const withDocuments = index < options.documentMerchants;

  // Spread sign-ups over the two years before `now`, oldest first, so lists have a stable order.
  const spanMs = 730 * 86_400_000;
  const stepMs = spanMs / options.count;
  const createdAt = new Date(
    options.now.getTime() - spanMs + Math.floor((index + random.next() * 0.9) * stepMs),
  );
  const updatedAt = new Date(
    Math.min(options.now.getTime(), createdAt.getTime() + random.int(0, 30) * 86_400_000),
  );

  const generatedFiles: FileRow[] = [];
  const documentPath = (file: string, title: string, lines: readonly string[]) => {
    const path = `documents/${code}/${file}.pdf`;
    generatedFiles.push({
      path,
      contentType: 'application/pdf',
      bytes: makePdf(title, [legalName, `Merchant code: ${code}`, ...lines]),
      createdAt,
    });
    return fileUrl(path);
  };

  let logo: string | null = null;
  if (shape.logo) {
    const path = `logos/${code}.svg`;
    generatedFiles.push({
      path,
      contentType: 'image/svg+xml',
      bytes: makeLogoSvg(initialsOf(name), random.pick(LOGO_COLOURS)),
      createdAt,
    });
    logo = fileUrl(path);
  }

  const merchant: MerchantRow = {
    id,
    merchantCode: code,
    status: shape.status,
    createdAt,
    updatedAt,
    ...(shape.business
      ? {
          businessName: name,
          logo,
          phoneNumber: phone(random),
          email: random.chance(0.7)
            ? `info@${site}`
            : `${slug(stem)}.${slug(kind.noun)}@${random.pick(EMAIL_DOMAINS)}`,
          website: random.chance(0.85) ? `https://www.${site}` : null,
          industry: kind.industry,
          industryCategory: kind.category,
          employees: random.chance(0.9) ? Math.round(3 + random.next() ** 3 * 1500) : null,
          transactionVolume: random.pick(TRANSACTION_VOLUMES),
          addressOne: `${region.state === 'Addis Ababa' ? `${subCity} Sub-City, ` : ''}${wereda}, ${city}`,
          addressTwo: random.chance(0.5) ? `${random.pick(BUILDINGS)}, floor ${random.int(1, 12)}` : null,
        }
      : {}),
  };

  let compliance: ComplianceRow | null = null;
  if (shape.compliance) {
    const tin = random.digits(10);
    const registration = `MT/AA/${random.int(1, 14)}/${random.digits(7)}/${random.int(2008, 2017)}`;
    // Drawn even when documents are off, so the knob does not shift later merchants.
    const hasDocuments = random.chance(0.9);
    const docs = withDocuments && hasDocuments;
    const tinLines = [`TIN: ${tin}`, 'Issued by the Ministry of Revenues'];
    const licenceLines = [`Registration number: ${registration}`, `Licensed activity: ${kind.category}`];
    const moaLines = ['Memorandum of Association', `Region: ${region.state}`];
    compliance = {
      merchantId: id,
      businessName: legalName,
      type: random.pick(COMPANY_TYPES),
      tin,
      businessRegistrationNumber: registration,
      tinCertification: docs
        ? documentPath('tin-certificate', 'TIN Registration Certificate', tinLines)
        : null,
      tradeLicense: docs
        ? shape.listDocuments && random.chance(0.5)
          ? [
              documentPath('trade-license', 'Trade License', licenceLines),
              documentPath('trade-license-renewal', 'Trade License Renewal', licenceLines),
            ]
          : documentPath('trade-license', 'Trade License', licenceLines)
        : null,
      moa: docs
        ? shape.listDocuments
          ? [
              documentPath('moa', 'Memorandum of Association', moaLines),
              documentPath('moa-amendment', 'Amendment to the Memorandum of Association', moaLines),
            ]
          : documentPath('moa', 'Memorandum of Association', moaLines)
        : null,
      ...(shape.complianceAddress
        ? {
            addressState: region.state,
            addressCity: city,
            addressKebele: kebele,
            addressWereda: wereda,
            addressHouseNumber: houseNumber,
          }
        : {}),
      createdAt,
      updatedAt,
    };
  }

  let contact: ContactRow | null = null;
  if (shape.contact) {
    const idType = random.pick(ID_TYPES);
    const hasDocument = random.chance(0.9);
    contact = {
      merchantId: id,
      firstName: contactFirst,
      lastName: contactLast,
      phoneNumber: phone(random),
      address: `${wereda}, Kebele ${kebele}, ${city}`,
      state: region.state,
      idType,
      document:
        withDocuments && hasDocument
          ? documentPath('id-document', idType, [
              `Holder: ${contactFirst} ${contactLast}`,
              `Region: ${region.state}`,
            ])
          : null,
      createdAt,
      updatedAt,
    };
  }

  // Settlement accounts: most merchants past sign-up have one or two, a few three.
  const accountCount =
    shape.status === 'PENDING'
      ? random.int(0, 1)
      : random.weighted([
          [0, 1],
          [1, 5],
          [2, 3],
          [3, 1],
        ] as const);
  const accounts: AccountRow[] = [];
  for (let a = 0; a < accountCount; a++) {
    const method = random.pick(catalog.paymentMethods);
    accounts.push({
      id: random.uuid(),
      merchantId: id,
      paymentMethodId: method.id,
      accountNumber: accountNumberFor(random, method),
      status: random.weighted([
        ['Success', 7],
        ['Pending', 2],
        ['Rejected', 1],
      ] as const),
      createdAt: new Date(createdAt.getTime() + (a + 1) * 3_600_000),
      updatedAt,
    });
  }

  return { merchant, compliance, contact, accounts, files: generatedFiles };
}

export async function seedMerchants(
  db: Executor,
  random: Random,
  catalog: ReferenceCatalog,
  options: MerchantSeedOptions,
): Promise<MerchantSeedCounts> {
  const resolved: Required<MerchantSeedOptions> = {
    documentMerchants: 5000,
    batchSize: 2000,
    ...options,
  };
  const counts: MerchantSeedCounts = {
    merchants: 0,
    compliance: 0,
    contactPersons: 0,
    merchantAccounts: 0,
    files: 0,
  };
  for (let start = 0; start < resolved.count; start += resolved.batchSize) {
    const end = Math.min(resolved.count, start + resolved.batchSize);
    const batch: Generated[] = [];
    for (let i = start; i < end; i++) batch.push(generateMerchant(random, i, resolved, catalog));

    const merchantRows = batch.map((g) => g.merchant);
    const complianceRows = batch.flatMap((g) => (g.compliance ? [g.compliance] : []));
    const contactRows = batch.flatMap((g) => (g.contact ? [g.contact] : []));
    const accountRows = batch.flatMap((g) => g.accounts);
    const fileRows = batch.flatMap((g) => g.files);

    await bulkInsert(db, merchants, merchantRows);
    await bulkInsert(db, merchantCompliance, complianceRows);
    await bulkInsert(db, merchantContactPersons, contactRows);
    await bulkInsert(db, merchantAccounts, accountRows);
    await bulkInsert(db, files, fileRows);

    counts.merchants += merchantRows.length;
    counts.compliance += complianceRows.length;
    counts.contactPersons += contactRows.length;
    counts.merchantAccounts += accountRows.length;
    counts.files += fileRows.length;
  }
  return counts;
}
