/** Currencies (spec §7). Texts follow docs/api.md. */
import { currencyListQuerySchema, currencyPayloadSchema, currencySchema } from '../currency';
import { PERMISSIONS } from '../permissions';
import { LIST } from './notes';
import { resourceOperations } from './resource';

const currencies = resourceOperations('/currencies', 'Currencies', currencySchema, {
  one: 'a currency',
  many: 'currencies',
});
const DUPLICATE_CODE = 'A currency with this name code already exists.';

export const currencyOperations = {
  list: currencies.list({
    description: `\`search_term\`: case-insensitive *contains* over name and name code. ${LIST}`,
    permission: PERMISSIONS.viewCurrency,
    query: currencyListQuerySchema,
  }),
  detail: currencies.detail({ description: 'One currency.', permission: PERMISSIONS.viewCurrency }),
  ...currencies.writes(
    { body: { schema: currencyPayloadSchema }, errors: { 409: DUPLICATE_CODE } },
    { description: '`name_code` is upper-cased and unique.', permission: PERMISSIONS.updateCurrency },
    {
      description: "Replaces every field; a renamed `name_code` is renamed in every payment method's list.",
      permission: PERMISSIONS.updateCurrency,
    },
  ),
  remove: currencies.remove({
    description: 'Answers the deleted currency.',
    permission: PERMISSIONS.deleteCurrency,
    errors: { 409: 'The currency is still used by charges, payment methods or transactions.' },
  }),
} as const;
