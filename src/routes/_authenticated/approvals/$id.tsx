import { PERMISSIONS } from '@contract/permissions';
import { Anchor, Breadcrumbs, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { UI_KIT } from '@/components/copy';
import { DetailSkeleton } from '@/components/detail-skeleton';
import { LoadFailure } from '@/components/load-failure';
import { ApprovalDetail } from '@/features/approvals/approval-detail';
import { UI_APPROVALS } from '@/features/approvals/copy';
import { isMissing } from '@/lib/errors';
import { warmOnEnter } from '@/lib/list-route';
import { usePermission } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { approvalQueries, useDecideApproval } from '@/queries/approvals';

const T = UI_APPROVALS;

export const Route = createFileRoute('/_authenticated/approvals/$id')({
  staticData: { permission: PERMISSIONS.viewApproval },
  loader: warmOnEnter<{ id: string }>(({ queryClient, params }) =>
    queryClient.ensureQueryData(approvalQueries.detail(params.id)),
  ),
  component: ApprovalPage,
});

function ApprovalPage() {
  const { id } = Route.useParams();
  const query = useQuery({ ...approvalQueries.detail(id), retryOnMount: false });
  const canDecide = usePermission(PERMISSIONS.decideApproval);
  const me = useSession()?.claims.sub;
  const decide = useDecideApproval();

  const breadcrumb = (current: string | null) => (
    <Breadcrumbs component="nav" aria-label={UI_KIT.breadcrumb}>
      <Anchor component={Link} to="/approvals" size="sm">
        {T.title}
      </Anchor>
      {current ? <Text size="sm">{current}</Text> : null}
    </Breadcrumbs>
  );

  if (query.status === 'pending') {
    return (
      <DetailSkeleton headerHeight={40} headerWidth={280} bodyHeight={180}>
        {breadcrumb(null)}
      </DetailSkeleton>
    );
  }
  if (query.status === 'error') {
    return (
      <Stack gap="lg">
        {breadcrumb(null)}
        <LoadFailure
          missing={isMissing(query.error) ? T.detail.notFound : undefined}
          onRetry={query.refetch}
          isRetrying={query.isFetching}
        />
      </Stack>
    );
  }
  const request = query.data;
  return (
    <Stack gap="lg">
      {breadcrumb(request.summary)}
      <ApprovalDetail
        request={request}
        canDecide={canDecide}
        isMine={request.requested_by?.id === me}
        onApprove={() => decide.mutateAsync({ id, command: 'approve' })}
        onReject={(reason) => decide.mutateAsync({ id, command: 'reject', reason })}
      />
    </Stack>
  );
}
