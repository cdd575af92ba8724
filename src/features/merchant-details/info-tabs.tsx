import type { Merchant } from '@contract/merchant';
import { UI_MERCHANT_DETAILS as T } from './copy';
import { DetailFields, EmptyTab } from './detail-fields';
import { documentList } from './document-list';

export function BusinessTab({ merchant }: { merchant: Merchant }) {
  const d = merchant.business_detail;
  if (!d) return <EmptyTab message={T.business.empty} />;
  return (
    <DetailFields
      fields={[
        { label: T.business.name, value: d.name },
        { label: T.business.phone, value: d.phone_number },
        { label: T.business.email, value: d.email },
        { label: T.business.website, value: d.website },
        { label: T.business.industry, value: d.industry },
        { label: T.business.industryCategory, value: d.industry_category },
        { label: T.business.employees, value: d.employees },
        { label: T.business.transactionVolume, value: d.transaction_volume },
        { label: T.business.addressOne, value: d.address_one },
        { label: T.business.addressTwo, value: d.address_two },
      ]}
    />
  );
}

/** Spec §2: the empty message shows when there is no compliance, or it has no address. */
export function ComplianceTab({ merchant }: { merchant: Merchant }) {
  const c = merchant.compliance;
  if (!c?.address) return <EmptyTab message={T.compliance.empty} />;
  return (
    <DetailFields
      fields={[
        { label: T.compliance.businessName, value: c.business_name },
        { label: T.compliance.type, value: c.type },
        { label: T.compliance.tin, value: c.tin },
        { label: T.compliance.registration, value: c.business_registration_number },
        { label: T.compliance.tinCertification, value: documentList(c.tin_certification) },
        { label: T.compliance.tradeLicense, value: documentList(c.trade_license) },
        { label: T.compliance.moa, value: documentList(c.moa) },
        { label: T.compliance.state, value: c.address.state },
        { label: T.compliance.kebele, value: c.address.kebele },
        { label: T.compliance.city, value: c.address.city },
        { label: T.compliance.houseNumber, value: c.address.house_number },
        { label: T.compliance.wereda, value: c.address.wereda },
      ]}
    />
  );
}

export function ContactTab({ merchant }: { merchant: Merchant }) {
  const p = merchant.contact_person;
  if (!p) return <EmptyTab message={T.contact.empty} />;
  const fullName = [p.first_name, p.last_name].filter(Boolean).join(' ');
  return (
    <DetailFields
      fields={[
        { label: T.contact.fullName, value: fullName },
        { label: T.contact.phone, value: p.phone_number },
        { label: T.contact.address, value: p.address },
        { label: T.contact.state, value: p.state },
        { label: T.contact.idType, value: p.type },
        { label: T.contact.idDocument, value: documentList(p.document) },
      ]}
    />
  );
}
