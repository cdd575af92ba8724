import type { Merchant } from '@contract/merchant';

/**
 * The name a merchant is known by: its business name, else the legal name of its compliance record,
 * else its contact person's name; null when it has none of them. A merchant that has not filled in
 * its business details is still recognisable by the others, where its code's initials ('M0') are not.
 */
export function merchantName(merchant: Pick<Merchant, 'business_detail' | 'compliance' | 'contact_person'>) {
  const contact = merchant.contact_person;
  const person = [contact?.first_name, contact?.last_name].filter(Boolean).join(' ');
  return (
    nonBlank(merchant.business_detail?.name) ??
    nonBlank(merchant.compliance?.business_name) ??
    nonBlank(person)
  );
}

function nonBlank(text: string | null | undefined): string | null {
  return text?.trim() ? text.trim() : null;
}
