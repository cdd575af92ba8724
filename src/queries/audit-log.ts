import { type AuditOutcome, auditPageSchema } from '@contract/audit-log';
import { api, cleanSearchParams, fetchData } from '@/lib/api';
import { HTTP_ERRORS } from '@/lib/copy';
import { ApiError, messageForStatus } from '@/lib/errors';
import { clearSession } from '@/lib/session';
import { listQuery, resourceKeys } from './resource';
import { fileNameOf } from './transactions';

/** The audit log's filters as the screen keeps them (`search` is the person). */
export interface AuditFilterParams {
  search?: string | undefined;
  action?: string | undefined;
  resource_type?: string | undefined;
  resource_id?: string | undefined;
  outcome?: AuditOutcome | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export interface AuditListParams extends AuditFilterParams {
  page: number;
  limit: number;
  /** The API's `sort`; undefined for the list's default order (src/lib/list-sort.ts). */
  sort?: string | undefined;
}

function filterSearchParams({ search, ...rest }: AuditFilterParams) {
  return cleanSearchParams({ person: search, ...rest });
}

const keys = resourceKeys('audit-log');

export const auditLogQueries = {
  ...keys,
  list: (params: AuditListParams) =>
    listQuery(
      [
        ...keys.lists(),
        { ...filterSearchParams(params), page: params.page, limit: params.limit, sort: params.sort ?? '' },
      ] as const,
      (signal) =>
        fetchData('audit-log', auditPageSchema, {
          signal,
          searchParams: {
            ...filterSearchParams(params),
            page: params.page,
            limit: params.limit,
            sort: params.sort,
          },
          toastErrors: false,
        }),
    ),
};

/** `GET audit-log/export`: the filtered log as a CSV file, through the API client (it needs the token). */
export async function fetchAuditLogCsv(
  filters: AuditFilterParams,
): Promise<{ blob: Blob; fileName: string }> {
  let response: Response;
  try {
    response = await api('audit-log/export', { searchParams: filterSearchParams(filters), timeout: false });
  } catch {
    throw new ApiError(0, HTTP_ERRORS.network);
  }
  if (!response.ok) {
    let serverMessage: string | null = null;
    try {
      const body = (await response.json()) as { errorMessage?: unknown };
      if (typeof body.errorMessage === 'string' && body.errorMessage.trim() !== '')
        serverMessage = body.errorMessage;
    } catch {
      // Not an envelope: the status alone decides the text.
    }
    if (response.status === 401) clearSession();
    throw new ApiError(response.status, messageForStatus(response.status, serverMessage), serverMessage);
  }
  return {
    blob: await response.blob(),
    fileName: fileNameOf(response.headers.get('content-disposition')) ?? 'audit-log.csv',
  };
}
