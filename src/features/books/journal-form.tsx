import {
  linesProblem,
  lineTotals,
  type ManualJournalInput,
  manualJournalInputSchema,
  utcDay,
} from '@contract/books';
import { compare, isDecimal, sub } from '@contract/decimal';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import * as v from 'valibot';
import { ClearIcon } from '@/components/icons';
import { ApiError } from '@/lib/errors';
import { formatAmount } from '@/lib/format';
import { bookQueries, useCreateJournal } from '@/queries/books';
import { glAccountQueries } from '@/queries/gl-accounts';
import { UI_BOOKS } from './copy';

const T = UI_BOOKS.journalForm;

interface LineDraft {
  key: number;
  gl_account_id: string | null;
  entry_type: 'DEBIT' | 'CREDIT';
  amount: string;
}

/** The running totals of the lines typed so far; amounts not yet numbers count as nothing. */
export function draftTotals(lines: readonly Pick<LineDraft, 'entry_type' | 'amount'>[]) {
  const counted = lines.map((l) => ({
    entry_type: l.entry_type,
    amount: isDecimal(l.amount.trim()) ? l.amount.trim() : '0',
  }));
  const { debit, credit } = lineTotals(counted);
  const difference = compare(debit, credit) >= 0 ? sub(debit, credit) : sub(credit, debit);
  return { debit, credit, difference, balanced: compare(debit, credit) === 0 && compare(debit, '0') > 0 };
}

let nextKey = 0;
const newLine = (entry_type: LineDraft['entry_type']): LineDraft => ({
  key: ++nextKey,
  gl_account_id: null,
  entry_type,
  amount: '',
});

/** Messages by field path (`narration`, `lines.0.amount`), from the contract's schema or the server. */
type Problems = Record<string, string>;

function problemsOf(issues: readonly v.BaseIssue<unknown>[]): Problems {
  const out: Problems = {};
  for (const issue of issues) {
    const path = issue.path?.map((p) => String(p.key)).join('.') ?? '';
    out[path] ??= issue.message;
  }
  return out;
}

/** A server message `field: message` as a problem under that field; others under the form. */
function serverProblem(message: string): Problems {
  const match = /^([a-z_]+(?:\.\d+\.[a-z_]+)?): (.*)$/s.exec(message);
  return match?.[1] && match[2] ? { [match[1]]: match[2] } : { '': message };
}

/**
 * A manual journal (issue 23): several debit and credit lines in one currency, with a date,
 * narration and reference. The totals and their difference show as lines are typed; the
 * contract's schema checks the whole on submit, and the server's refusals land under their field.
 */
export function JournalForm({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const subjects = useQuery(bookQueries.subjects());
  const accounts = useQuery(glAccountQueries.list({ page: 1, limit: 100 }));
  // With the manual-journal approval rule on, the journal waits for a second person (202).
  const create = useCreateJournal(T.posted);
  const [currency, setCurrency] = useState<string | null>(null);
  const [date, setDate] = useState(() => utcDay(new Date()));
  const [narration, setNarration] = useState('');
  const [reference, setReference] = useState('');
  const [lines, setLines] = useState<LineDraft[]>(() => [newLine('DEBIT'), newLine('CREDIT')]);
  const [problems, setProblems] = useState<Problems>({});

  const manualAccounts = (accounts.data?.contents ?? [])
    .filter((a) => a.manual_journal_entries_allowed && a.status === 'ACTIVE')
    .map((a) => ({ value: a.id, label: a.name }));
  const currencies = (subjects.data?.currencies ?? []).map((c) => ({ value: c.id, label: c.name_code }));
  const totals = draftTotals(lines);
  const places = subjects.data?.currencies.find((c) => c.id === currency)?.decimal_places;

  const update = (key: number, change: Partial<LineDraft>) =>
    setLines((old) => old.map((l) => (l.key === key ? { ...l, ...change } : l)));

  const reset = () => {
    setCurrency(null);
    setDate(utcDay(new Date()));
    setNarration('');
    setReference('');
    setLines([newLine('DEBIT'), newLine('CREDIT')]);
    setProblems({});
  };

  const submit = async () => {
    const parsed = v.safeParse(manualJournalInputSchema, {
      currency_id: currency ?? '',
      entry_date: date,
      narration,
      reference,
      lines: lines.map((l) => ({
        gl_account_id: l.gl_account_id ?? '',
        entry_type: l.entry_type,
        amount: l.amount,
      })),
    });
    if (!parsed.success) {
      setProblems(problemsOf(parsed.issues));
      return;
    }
    const linesWrong = linesProblem(parsed.output.lines);
    if (linesWrong) {
      setProblems({ lines: linesWrong });
      return;
    }
    setProblems({});
    try {
      await create.mutateAsync(parsed.output as ManualJournalInput);
      reset();
      onClose();
    } catch (error) {
      setProblems(
        serverProblem(error instanceof ApiError ? (error.serverMessage ?? error.message) : String(error)),
      );
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={T.title} size="xl">
      <Stack gap="sm">
        <Group grow align="flex-start">
          <Select
            label={T.currency}
            data={currencies}
            value={currency}
            onChange={setCurrency}
            error={problems.currency_id}
            withAsterisk
          />
          <TextInput
            label={T.date}
            type="date"
            value={date}
            onChange={(e) => setDate(e.currentTarget.value)}
            error={problems.entry_date}
            withAsterisk
          />
        </Group>
        <Group grow align="flex-start">
          <TextInput
            label={T.narration}
            value={narration}
            onChange={(e) => setNarration(e.currentTarget.value)}
            error={problems.narration}
            withAsterisk
          />
          <TextInput
            label={T.reference}
            value={reference}
            onChange={(e) => setReference(e.currentTarget.value)}
            error={problems.reference}
          />
        </Group>
        <Text size="sm" c="dimmed">
          {T.onlyManual}
        </Text>
        {lines.map((line, at) => (
          <Group
            key={line.key}
            align="flex-start"
            wrap="wrap"
            gap="xs"
            aria-label={T.line(at + 1)}
            role="group"
          >
            <Select
              aria-label={`${T.account} ${at + 1}`}
              placeholder={T.account}
              data={manualAccounts}
              value={line.gl_account_id}
              onChange={(value) => update(line.key, { gl_account_id: value })}
              error={problems[`lines.${at}.gl_account_id`]}
              searchable
              style={{ flex: '2 1 14rem' }}
            />
            <Select
              aria-label={`${T.side} ${at + 1}`}
              data={[
                { value: 'DEBIT', label: T.debit },
                { value: 'CREDIT', label: T.credit },
              ]}
              value={line.entry_type}
              onChange={(value) => update(line.key, { entry_type: value === 'CREDIT' ? 'CREDIT' : 'DEBIT' })}
              allowDeselect={false}
              style={{ flex: '1 1 7rem' }}
            />
            <TextInput
              aria-label={`${T.amount} ${at + 1}`}
              placeholder={T.amount}
              inputMode="decimal"
              value={line.amount}
              onChange={(e) => update(line.key, { amount: e.currentTarget.value })}
              error={problems[`lines.${at}.amount`]}
              style={{ flex: '1 1 8rem' }}
            />
            <ActionIcon
              variant="subtle"
              aria-label={T.removeLine(at + 1)}
              disabled={lines.length <= 2}
              onClick={() => setLines((old) => old.filter((l) => l.key !== line.key))}
              mt={4}
            >
              <ClearIcon />
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button variant="default" onClick={() => setLines((old) => [...old, newLine('DEBIT')])}>
            {T.addLine}
          </Button>
        </Group>
        <Table withTableBorder aria-label={T.difference}>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th>{T.totalDebit}</Table.Th>
              <Table.Td data-testid="journal-total-debit">{formatAmount(totals.debit, places)}</Table.Td>
              <Table.Th>{T.totalCredit}</Table.Th>
              <Table.Td data-testid="journal-total-credit">{formatAmount(totals.credit, places)}</Table.Td>
              <Table.Th>{T.difference}</Table.Th>
              <Table.Td data-testid="journal-difference" c={totals.balanced ? undefined : 'red'}>
                {totals.balanced ? T.balanced : formatAmount(totals.difference, places)}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        {problems.lines ? (
          <Alert color="red" role="alert">
            {problems.lines}
          </Alert>
        ) : null}
        {problems[''] ? (
          <Alert color="red" role="alert">
            {problems['']}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {T.cancel}
          </Button>
          <Button onClick={submit} loading={create.isPending}>
            {T.submit}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
