import type { Merchant } from '@contract/merchant';
import { Anchor, Text } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import type { ListTableFeatures } from '@/components/data-table';
import { InitialsAvatar } from '@/components/initials-avatar';
import { rowNumberColumn } from '@/components/row-number-column';
import { StatusBadge } from '@/components/status-badge';
import { MERCHANT_TEXT } from '@/entities/merchant/copy';
import { merchantName } from '@/entities/merchant/name';
import { MERCHANT_STATUS_COLORS } from '@/entities/merchant/status-colors';
import { displayUrl, externalUrl, orDash } from '@/lib/format';
import { UI_MERCHANT_COLUMNS } from './copy';

const helper = createColumnHelper<ListTableFeatures, Merchant>();
/** Codes and phone numbers read badly when broken over two lines. */
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/**
 * Spec §2 columns. Built per page because the row number continues across pages; the route
 * memoises it on the offset so the table keeps stable columns between renders.
 */
export function merchantColumns(offset: number) {
  return helper.columns([
    rowNumberColumn<Merchant>(offset),
    helper.display({
      id: 'logo',
      header: UI_MERCHANT_COLUMNS.logo,
      cell: ({ row }) => (
        <InitialsAvatar name={merchantName(row.original)} src={row.original.business_detail?.logo} />
      ),
    }),
    helper.accessor((m) => m.business_detail?.name, {
      id: 'name',
      header: UI_MERCHANT_COLUMNS.name,
      cell: (info) =>
        info.row.original.business_detail ? (
          <Text size="sm" fw={500}>
            {orDash(info.getValue())}
          </Text>
        ) : (
          <NoBusinessDetails name={merchantName(info.row.original)} />
        ),
    }),
    helper.accessor('merchant_code', {
      header: UI_MERCHANT_COLUMNS.code,
      cell: (info) => (
        <Text size="sm" style={NO_WRAP}>
          {info.getValue()}
        </Text>
      ),
    }),
    helper.accessor((m) => m.business_detail?.phone_number, {
      id: 'phone',
      header: UI_MERCHANT_COLUMNS.phone,
      cell: (info) => (
        <Text size="sm" style={NO_WRAP}>
          {orDash(info.getValue())}
        </Text>
      ),
    }),
    helper.accessor((m) => m.business_detail?.website, {
      id: 'website',
      header: UI_MERCHANT_COLUMNS.website,
      cell: (info) => {
        const website = info.getValue();
        if (!website) return orDash(website);
        // The row opens the merchant; this link opens the site instead (DataTable ignores clicks on links).
        return (
          // Long addresses would widen the table past a laptop screen; the full one shows on hover.
          <Anchor
            href={externalUrl(website)}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            title={externalUrl(website)}
            display="block"
            maw={180}
            truncate="end"
          >
            {displayUrl(website)}
          </Anchor>
        );
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
      {name ? (
        <Text size="sm" fw={500}>
          {name}
        </Text>
      ) : null}
      <Text size="xs" c="dimmed" fs="italic">
        {MERCHANT_TEXT.noBusinessDetails}
      </Text>
    </>
  );
}
