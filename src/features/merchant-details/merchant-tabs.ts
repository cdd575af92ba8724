import { UI_HISTORY_ENTRY } from '@/entities/change-history/copy';
import { UI_MERCHANT_DETAILS } from './copy';
import { UI_MERCHANT_TIMELINE } from './timeline-copy';

/** The `tab` search param's values, in the order the tabs show (spec §2; History is ours). */
export const MERCHANT_TABS = [
  'business',
  'compliance',
  'contact',
  'transactions',
  'banks',
  'history',
  // Ours (issue 24, decision 046).
  'timeline',
] as const;
export type MerchantTab = (typeof MERCHANT_TABS)[number];

export const MERCHANT_TAB_LABELS: Readonly<Record<MerchantTab, string>> = {
  business: UI_MERCHANT_DETAILS.tabs.business,
  compliance: UI_MERCHANT_DETAILS.tabs.compliance,
  contact: UI_MERCHANT_DETAILS.tabs.contact,
  transactions: UI_MERCHANT_DETAILS.tabs.transactions,
  banks: UI_MERCHANT_DETAILS.tabs.banks,
  history: UI_HISTORY_ENTRY.title,
  timeline: UI_MERCHANT_TIMELINE.tab,
};
