/** Texts about a merchant shown on more than one screen (the list and its page). */
export const MERCHANT_TEXT = {
  /** Ours: beside a merchant that has not filled in its business details. */
  noBusinessDetails: 'No business details',
} as const;
