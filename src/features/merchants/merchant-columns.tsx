import type { Merchant } from '@contract/merchant';
import { createColumnHelper } from '@tanstack/react-table';
import { CellAvatar } from '@/components/cell-avatar';
import { cellExternalLink, cellText } from '@/components/cell-parts';
import type { ListTableFeatures } from '@/components/data-table';
import { rowNumberColumn } from '@/components/row-number-column';
import { StatusBadge } from '@/components/status-badge';
import { MERCHANT_TEXT } from '@/entities/merchant/copy';
import { merchantName } from '@/entities/merchant/name';
import { MERCHANT_STATUS_COLORS } from '@/entities/merchant/status-colors';
import { displayUrl, externalUrl, orDash } from '@/lib/format';
import { UI_MERCHANT_COLUMNS } from './copy';

const helper = createColumnHelper<ListTableFeatures, Merchant>();

/**
 * Spec §2 columns. Built per page because the row number continues across pages; the route
 * memoises it on the offset so the table keeps stable columns between renders. The cells draw
 * Mantine's Text, Anchor and Avatar as their plain elements (cell-parts.tsx, decision 061).
 */
export function merchantColumns(offset: number) {
  return helper.columns([
    rowNumberColumn<Merchant>(offset),
    helper.display({
      id: 'logo',
      header: UI_MERCHANT_COLUMNS.logo,
      cell: ({ row }) => (
        <CellAvatar name={merchantName(row.original)} src={row.original.business_detail?.logo} />
      ),
    }),
    helper.accessor((m) => m.business_detail?.name, {
      id: 'name',
      header: UI_MERCHANT_COLUMNS.name,
      cell: (info) =>
        info.row.original.business_detail ? (
          cellText(orDash(info.getValue()), { medium: true })
        ) : (
          <NoBusinessDetails name={merchantName(info.row.original)} />
        ),
    }),
    helper.accessor('merchant_code', {
      header: UI_MERCHANT_COLUMNS.code,
      // Codes and phone numbers read badly when broken over two lines.
      cell: (info) => cellText(info.getValue(), { nowrap: true }),
    }),
    helper.accessor((m) => m.business_detail?.phone_number, {
      id: 'phone',
      header: UI_MERCHANT_COLUMNS.phone,
      cell: (info) => cellText(orDash(info.getValue()), { nowrap: true }),
    }),
    helper.accessor((m) => m.business_detail?.website, {
      id: 'website',
      header: UI_MERCHANT_COLUMNS.website,
      cell: (info) => {
        const website = info.getValue();
        if (!website) return orDash(website);
        // The row opens the merchant; this link opens the site instead (DataTable ignores clicks on
        // links). Long addresses would widen the table past a laptop screen: cut at 180 px, the
        // full one shows on hover.
        return cellExternalLink(externalUrl(website), displayUrl(website));
      },
    }),
    helper.accessor((m) => m.business_detail?.industry, {
      id: 'industry',
      header: UI_MERCHANT_COLUMNS.industry,
      cell: (info) => orDash(info.getValue()),
    }),
    helper.accessor('status', {
      header: UI_MERCHANT_COLUMNS.status,
      cell: (info) => <StatusBadge value={info.getValue()} colors={MERCHANT_STATUS_COLORS} />,
    }),
  ]);
}

/** The name column of a merchant without business details: the name it is known by, and why. */
function NoBusinessDetails({ name }: { name: string | null }) {
  return (
    <>
      {name ? cellText(name, { medium: true }) : null}
      {cellText(MERCHANT_TEXT.noBusinessDetails, { size: 'xs', dimmed: true, italic: true })}
    </>
  );
}
