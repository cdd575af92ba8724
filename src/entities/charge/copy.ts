/**
 * What every screen that shows a charge writes the same way (a currency's charges, a payment method's
 * Charges tab, a charge's change history): field labels, the calculation names, the shared columns'
 * headers and one range's text (spec §2, §4, §9; wording beyond the spec's is ours).
 */
export const UI_CHARGE = {
  fields: {
    name: 'Charge Name',
    chargeTime: 'Charge Time',
    calculation: 'Charge Calculation',
    rangeStatus: 'Range Status',
    amount: 'Amount',
    ranges: 'Charge Ranges',
    from: 'From',
    to: 'To',
    rangeAmount: 'Amount',
  },
  ranged: 'Ranged',
  columns: {
    name: 'Name',
    chargeTime: 'Charge Time',
    calculation: 'Calculation',
    amount: 'Amount',
    actions: 'Actions',
  },
  /** One range as the list shows it: '1 – 1000: 5'. */
  range: (min: string, max: string, amount: string) => `${min} – ${max}: ${amount}`,
} as const;
