import { PERMISSIONS } from '@contract/permissions';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { DetailPageFrame } from '@/components/detail-page-frame';
import { ApprovalDetail } from '@/features/approvals/approval-detail';
import { UI_APPROVALS } from '@/features/approvals/copy';
import { warmOnEnter } from '@/lib/list-route';
import { usePermission } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { approvalQueries, useDecideApproval } from '@/queries/approvals';

const T = UI_APPROVALS;

/** Entering the page warms its data. A const: the router plugin does not split a call with type arguments (decision 050). */
const warmDetail = warmOnEnter<{ id: string }>(({ queryClient, params }) =>
  queryClient.ensureQueryData(approvalQueries.detail(params.id)),
);

export const Route = createFileRoute('/_authenticated/approvals/$id')({
  staticData: { permission: PERMISSIONS.viewApproval },
  loader: warmDetail,
  component: ApprovalPage,
});

function ApprovalPage() {
  const { id } = Route.useParams();
  const query = useQuery({ ...approvalQueries.detail(id), retryOnMount: false });
  const canDecide = usePermission(PERMISSIONS.decideApproval);
  const me = useSession()?.claims.sub;
  const decide = useDecideApproval();

  return (
    <DetailPageFrame
      query={query}
      back={{ to: '/approvals', label: T.title }}
      notFound={T.detail.notFound}
      crumb={(r) => r.summary}
    >
      {(request) => (
        <>
          <ApprovalDetail
            request={request}
            canDecide={canDecide}
            isMine={request.requested_by?.id === me}
            onApprove={() => decide.mutateAsync({ id, command: 'approve' })}
            onReject={(reason) => decide.mutateAsync({ id, command: 'reject', reason })}
          />
        </>
      )}
    </DetailPageFrame>
  );
}
