import { Link, type LinkComponentProps } from '@tanstack/react-router';

/**
 * The screens a waiting count opens: the Payouts list, and the merchants list filtered to Pending
 * Verification (`?filter=pending-verification`, src/features/merchants/merchant-filters.ts). The
 * header's bell and the Dashboard's cards both link with these.
 */
export function PendingPayoutsLink(props: Omit<LinkComponentProps<'a'>, 'to' | 'search'>) {
  return <Link {...props} to="/payouts" />;
}

/** The approval inbox filtered to pending requests (decision 039). */
export function ApprovalsWaitingLink(props: Omit<LinkComponentProps<'a'>, 'to' | 'search'>) {
  return <Link {...props} to="/approvals" search={{ status: 'PENDING' }} />;
}

export function AwaitingVerificationLink(props: Omit<LinkComponentProps<'a'>, 'to' | 'search'>) {
  return <Link {...props} to="/merchants" search={{ filter: 'pending-verification' }} />;
}
