import type { Transaction } from '@contract/transaction';
import { orDash } from '@/lib/format';

/** Spec §2: time then long date, en-US ('3:30 PM' over 'November 20, 2026'), in the viewer's zone. */
export function transactionTime(iso: string): { time: string; date: string } {
  const at = new Date(iso);
  return {
    time: at.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' }),
    date: at.toLocaleDateString('en-US', { dateStyle: 'long' }),
  };
}

/** The customer's full name, else their phone number, else '---'. */
export function customerName(transaction: Transaction): string {
  const { first_name, last_name, phone_number } = transaction.against.customer;
  const name = [first_name, last_name].filter(Boolean).join(' ');
  return orDash(name || phone_number);
}
