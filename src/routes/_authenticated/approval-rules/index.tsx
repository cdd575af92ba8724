import { PERMISSIONS } from '@contract/permissions';
import { Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { DetailSkeleton } from '@/components/detail-skeleton';
import { LoadFailure } from '@/components/load-failure';
import { ApprovalRulesForm } from '@/features/approvals/approval-rules-form';
import { UI_APPROVAL_RULES } from '@/features/approvals/copy';
import { warmOnEnter } from '@/lib/list-route';
import { approvalQueries, useUpdateApprovalRules } from '@/queries/approvals';
import { currencyQueries } from '@/queries/currencies';

export const Route = createFileRoute('/_authenticated/approval-rules/')({
  staticData: { permission: PERMISSIONS.manageApprovalRules },
  loader: warmOnEnter(({ queryClient }) => queryClient.ensureQueryData(approvalQueries.rules())),
  component: ApprovalRulesPage,
});

/** The four-eyes rule set (decision 039), its own permission: manage-approval-rules. */
function ApprovalRulesPage() {
  const rules = useQuery({ ...approvalQueries.rules(), retryOnMount: false });
  const currencies = useQuery(currencyQueries.forForms());
  const update = useUpdateApprovalRules();
  const codes = (currencies.data?.contents ?? []).map((c) => c.name_code);

  return (
    <Stack gap="lg">
      <Title order={2}>{UI_APPROVAL_RULES.title}</Title>
      {rules.status === 'pending' ? (
        <DetailSkeleton headerHeight={24} headerWidth={200} bodyHeight={320} />
      ) : null}
      {rules.status === 'error' ? (
        <LoadFailure onRetry={rules.refetch} isRetrying={rules.isFetching} />
      ) : null}
      {rules.status === 'success' ? (
        <ApprovalRulesForm
          rules={rules.data}
          currencyCodes={codes}
          onSubmit={(payload) => update.mutateAsync(payload)}
        />
      ) : null}
    </Stack>
  );
}
