import type { MerchantTimelineKind, TimelineDocument } from '@contract/merchant-timeline';

/** The merchant details Timeline tab (ours, issue 24, decision 046). */
export const UI_MERCHANT_TIMELINE = {
  tab: 'Timeline',
  /** The empty state's data type: 'There are no timeline events'. */
  dataType: 'timeline events',
  showMore: 'Show more',
  notRecorded: 'a person not recorded',
  kinds: {
    status_change: 'Status changed',
    payout_request: 'Payout requested',
    payout_decision: 'Payout decided',
    document: 'Document on file',
    first_transaction: 'First transaction',
    latest_transaction: 'Latest transaction',
  } satisfies Record<MerchantTimelineKind, string>,
  documents: {
    tin_certification: 'TIN Certification',
    trade_license: 'Trade License',
    moa: 'MOA',
    contact_id: 'Contact person ID document',
  } satisfies Record<TimelineDocument, string>,
  statusChange: (from: string, to: string, by: string) => `${from} → ${to}, by ${by}`,
  decision: (decision: 'approved' | 'rejected', by: string) =>
    `${decision === 'approved' ? 'Approved' : 'Rejected'} by ${by}`,
} as const;
