import {
  accountMappingItemFormDefaults,
  accountMappingItemPayloadSchema,
  FINANCIAL_ACCOUNT_TYPES,
  mappingSelectionKey,
} from '@contract/account-mapping';
import {
  ActionIcon,
  Badge,
  Button,
  Center,
  Grid,
  Group,
  Loader,
  Modal,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { revalidateLogic } from '@tanstack/react-form';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import * as v from 'valibot';
import { useAppForm } from '@/components/app-form';
import { UI_KIT, UI_LIST_KIT } from '@/components/copy';
import { CloseIcon } from '@/components/icons';
import { isApiError } from '@/lib/errors';
import { humanizeEnum } from '@/lib/format';
import { refusedItemIndexes, useCreateAccountMappings } from '@/queries/account-mappings';
import { chargeQueries } from '@/queries/charges';
import { glAccountQueries } from '@/queries/gl-accounts';
import { paymentMethodQueries } from '@/queries/payment-methods';
import { chargeKind } from './charge-kind';
import { UI_ACCOUNT_MAPPINGS } from './copy';
import { type MappingLookups, payloadOf, type StagedMapping, stageRow } from './staged-mappings';
import { useDropdownToast } from './use-dropdown-toast';

const T = UI_ACCOUNT_MAPPINGS;
const F = T.fields;
/** Spec §9: the mapping modal is 850px wide. */
const MODAL_WIDTH = 850;
const TYPE_OPTIONS = FINANCIAL_ACCOUNT_TYPES.map((type) => ({ value: type, label: humanizeEnum(type) }));

export interface AccountMappingModalProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * Add Account Mapping (spec §2): a form on the left adds rows to a staging list on the right, and
 * Submit sends the whole list at once. Closing with rows staged (the close button, Escape, a click
 * outside, Cancel) asks first in the modal's footer, so a stray key does not lose a list.
 */
export function AccountMappingModal({ opened, onClose }: AccountMappingModalProps) {
  // Mounted only while open: each opening loads fresh dropdowns and starts an empty list.
  return opened ? <AccountMappingEditor onClose={onClose} /> : null;
}

function AccountMappingEditor({ onClose }: { onClose: () => void }) {
  const methods = useQuery(paymentMethodQueries.forForms());
  const glAccounts = useQuery(glAccountQueries.options());
  const charges = useQuery(chargeQueries.forForms());
  useDropdownToast(methods.error);
  useDropdownToast(glAccounts.error);
  useDropdownToast(charges.error);

  const create = useCreateAccountMappings();
  const [rows, setRows] = useState<StagedMapping[]>([]);
  const [askingToDiscard, setAskingToDiscard] = useState(false);
  const requestClose = () => (rows.length > 0 ? setAskingToDiscard(true) : onClose());
  /** Keys of the rows the server's last refusal named. */
  const [refused, setRefused] = useState<ReadonlySet<number>>(new Set());
  const nextKey = useRef(1);
  /** The staged row (1-based) a refused Add repeats: one list may not map a key twice. */
  const [repeatOf, setRepeatOf] = useState<number | null>(null);

  const options = useMemo(
    () => ({
      methods: (methods.data?.contents ?? []).map((m) => ({ value: m.id, label: m.name })),
      glAccounts: (glAccounts.data?.contents ?? []).map((a) => ({ value: a.id, label: a.name })),
      charges: (charges.data?.contents ?? []).map((c) => ({
        value: c.id,
        label: T.chargeOption(c.name, chargeKind(c), c.currency.name_code),
      })),
    }),
    [methods.data, glAccounts.data, charges.data],
  );
  const lookups: MappingLookups = {
    glAccountName: (id) => options.glAccounts.find((o) => o.value === id)?.label,
    paymentMethodName: (id) => options.methods.find((o) => o.value === id)?.label,
    chargeLabel: (id) => options.charges.find((o) => o.value === id)?.label,
  };

  const form = useAppForm({
    defaultValues: accountMappingItemFormDefaults,
    validationLogic: revalidateLogic(),
    validators: { onDynamic: accountMappingItemPayloadSchema },
    onSubmit: ({ value, formApi }) => {
      const item = v.parse(accountMappingItemPayloadSchema, value);
      const key = nextKey.current;
      const row = stageRow(key, item, lookups);
      // What the row will carry decides the repeat (a lone payment method or charge is dropped).
      const earlier = rows.findIndex((r) => mappingSelectionKey(r.item) === mappingSelectionKey(row.item));
      if (earlier >= 0) {
        setRepeatOf(earlier + 1);
        return;
      }
      nextKey.current += 1;
      setRepeatOf(null);
      setRows((current) => [...current, row]);
      formApi.reset();
    },
  });

  const remove = (key: number) => {
    setRepeatOf(null);
    setRows((current) => current.filter((row) => row.key !== key));
  };

  const submit = async () => {
    // Spec §2: Submit with nothing staged does nothing.
    if (rows.length === 0) return;
    try {
      await create.mutateAsync(payloadOf(rows));
      onClose();
    } catch (error) {
      // fetchData toasted the server's message; the list stays so nothing typed is lost, and the
      // rows the message names are marked.
      const indexes = isApiError(error) ? refusedItemIndexes(error.message) : new Set<number>();
      setRefused(new Set(rows.filter((_, index) => indexes.has(index)).map((row) => row.key)));
    }
  };

  return (
    <Modal
      opened
      onClose={requestClose}
      title={T.modalTitle}
      centered
      size={MODAL_WIDTH}
      closeButtonProps={{ 'aria-label': UI_KIT.dialog.close }}
    >
      <Stack gap="md">
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, sm: 5 }}>
            {methods.status === 'pending' ? (
              <Center py="xl">
                <Loader size="sm" aria-label={UI_LIST_KIT.loading} />
              </Center>
            ) : methods.status === 'error' ? (
              // No permission case: the three lists answer create-account-mapping, which every user
              // who sees this modal holds (docs/spec-deviations.md), so a failure is one to retry.
              <Stack align="center" gap="sm" py="xl" role="alert">
                <Text fw={500}>{UI_KIT.list.failed}</Text>
                <Button variant="light" loading={methods.isFetching} onClick={() => void methods.refetch()}>
                  {UI_KIT.list.retry}
                </Button>
              </Stack>
            ) : options.methods.length === 0 ? (
              <Text c="dimmed" size="sm" py="xl">
                {T.noPaymentMethods}
              </Text>
            ) : (
              <form
                noValidate
                aria-label={T.modalTitle}
                onSubmit={(event) => {
                  event.preventDefault();
                  void form.handleSubmit();
                }}
              >
                <Stack gap="sm">
                  <form.AppField name="payment_method_id">
                    {(field) => (
                      <field.SelectField
                        label={F.paymentMethod}
                        placeholder={F.none}
                        data={options.methods}
                        clearable
                        searchable
                      />
                    )}
                  </form.AppField>
                  <form.AppField name="gl_account_id">
                    {(field) => (
                      <field.SelectField
                        label={F.glAccount}
                        placeholder={F.select}
                        withAsterisk
                        data={options.glAccounts}
                        searchable
                      />
                    )}
                  </form.AppField>
                  <form.AppField name="charge_id">
                    {(field) => (
                      <field.SelectField
                        label={F.charge}
                        placeholder={F.none}
                        data={options.charges}
                        clearable
                        searchable
                      />
                    )}
                  </form.AppField>
                  <form.AppField name="financial_account_type">
                    {(field) => (
                      <field.SelectField
                        label={F.financialAccountType}
                        placeholder={F.select}
                        withAsterisk
                        data={TYPE_OPTIONS}
                      />
                    )}
                  </form.AppField>
                  <form.Subscribe
                    selector={(state) =>
                      (state.values.payment_method_id === null) !== (state.values.charge_id === null)
                    }
                  >
                    {(onlyOne) =>
                      onlyOne ? (
                        <Text size="xs" c="orange.9" role="note">
                          {T.pairHint}
                        </Text>
                      ) : null
                    }
                  </form.Subscribe>
                  {repeatOf !== null ? (
                    <Text size="sm" c="red" role="alert">
                      {T.alreadyStaged(repeatOf)}
                    </Text>
                  ) : null}
                  <Group justify="flex-end">
                    <Button type="submit" variant="light">
                      {T.addRow}
                    </Button>
                  </Group>
                </Stack>
              </form>
            )}
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 7 }}>
            <StagingList rows={rows} refused={refused} onRemove={remove} />
          </Grid.Col>
        </Grid>
        {askingToDiscard ? (
          <DiscardQuestion count={rows.length} keep={() => setAskingToDiscard(false)} discard={onClose} />
        ) : (
          <Group justify="flex-end">
            <Button variant="default" onClick={requestClose} disabled={create.isPending}>
              {T.cancel}
            </Button>
            <Button onClick={() => void submit()} loading={create.isPending}>
              {T.submit}
            </Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}

/** Asked in place of Cancel and Submit; focus goes to the choice that loses nothing. */
function DiscardQuestion({ count, keep, discard }: { count: number; keep: () => void; discard: () => void }) {
  const keepButton = useRef<HTMLButtonElement>(null);
  useEffect(() => keepButton.current?.focus(), []);
  return (
    <Group justify="flex-end" role="alertdialog" aria-label={T.discardQuestion(count)}>
      <Text size="sm" fw={500} mr="auto">
        {T.discardQuestion(count)}
      </Text>
      <Button ref={keepButton} variant="default" onClick={keep}>
        {T.keepEditing}
      </Button>
      <Button color="red" onClick={discard}>
        {T.discard}
      </Button>
    </Group>
  );
}

interface StagingListProps {
  rows: readonly StagedMapping[];
  refused: ReadonlySet<number>;
  onRemove: (key: number) => void;
}

/** The right side: the rows Submit will send, each removable until then. */
function StagingList({ rows, refused, onRemove }: StagingListProps) {
  const C = T.columns;
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {T.staged}
      </Title>
      {rows.length === 0 ? (
        <Center py="xl" bg="var(--mantine-color-gray-0)" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
          <Text c="dimmed" size="sm">
            {T.stagedEmpty}
          </Text>
        </Center>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table aria-label={T.staged} verticalSpacing="xs" horizontalSpacing="xs" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{UI_LIST_KIT.rowNumber}</Table.Th>
                <Table.Th scope="col">{C.financialAccountType}</Table.Th>
                <Table.Th scope="col">{C.glAccount}</Table.Th>
                <Table.Th scope="col">{C.paymentMethod}</Table.Th>
                <Table.Th scope="col">{F.charge}</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>{T.removeColumn}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, index) => {
                const isRefused = refused.has(row.key);
                return (
                  <Table.Tr
                    key={row.key}
                    data-refused={isRefused || undefined}
                    bg={isRefused ? 'var(--mantine-color-red-0)' : undefined}
                  >
                    <Table.Td>{index + 1}</Table.Td>
                    <Table.Td>
                      {humanizeEnum(row.item.financial_account_type)}
                      {isRefused ? (
                        <Badge color="red" variant="light" size="xs" ml={4} tt="none">
                          {T.refusedRow}
                        </Badge>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{row.labels.glAccount}</Table.Td>
                    <Table.Td>{row.labels.paymentMethod}</Table.Td>
                    <Table.Td>{row.labels.charge}</Table.Td>
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={T.remove(index + 1)}
                        onClick={() => onRemove(row.key)}
                      >
                        <CloseIcon />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
