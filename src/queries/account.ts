/** The own account's calls (decision 029): sessions, password and the second factor. */
import {
  secondFactorConfirmationSchema,
  secondFactorEnrolmentSchema,
  secondFactorStatusSchema,
  sessionsEndedSchema,
  staffSessionSchema,
} from '@contract/account';
import { sessionSchema } from '@contract/auth';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { fetchData } from '@/lib/api';

export const accountKeys = {
  sessions: ['account', 'sessions'] as const,
  secondFactor: ['account', 'second-factor'] as const,
  userSessions: (id: string) => ['users', 'sessions', id] as const,
};

export const accountQueries = {
  sessions: () =>
    queryOptions({
      queryKey: accountKeys.sessions,
      queryFn: ({ signal }) => fetchData('auth/sessions', v.array(staffSessionSchema), { signal }),
    }),
  secondFactor: (token?: string) =>
    queryOptions({
      queryKey: [...accountKeys.secondFactor, token ?? 'session'],
      queryFn: ({ signal }) =>
        fetchData('auth/second-factor', secondFactorStatusSchema, { signal, ...(token ? { token } : {}) }),
    }),
  userSessions: (id: string) =>
    queryOptions({
      queryKey: accountKeys.userSessions(id),
      queryFn: ({ signal }) => fetchData(`users/${id}/sessions`, v.array(staffSessionSchema), { signal }),
    }),
};

export function changePassword(current: string, next: string) {
  return fetchData('auth/password', sessionSchema, {
    method: 'POST',
    json: { current_password: current, new_password: next },
    toastErrors: false,
  });
}

export function endOtherSessions() {
  return fetchData('auth/sessions/end-others', sessionsEndedSchema, { method: 'POST' });
}

export function startEnrolment(token?: string) {
  return fetchData('auth/second-factor/enrolment', secondFactorEnrolmentSchema, {
    method: 'POST',
    ...(token ? { token } : {}),
  });
}

export function confirmEnrolment(code: string, token?: string) {
  return fetchData('auth/second-factor/confirmation', secondFactorConfirmationSchema, {
    method: 'POST',
    json: { code },
    toastErrors: false,
    ...(token ? { token } : {}),
  });
}

export function removeSecondFactor(password: string) {
  return fetchData('auth/second-factor/removal', secondFactorStatusSchema, {
    method: 'POST',
    json: { password },
    toastErrors: false,
  });
}

export function verifySecondFactor(code: string, token: string) {
  return fetchData('auth/second-factor/verification', sessionSchema, {
    method: 'POST',
    json: { code },
    toastErrors: false,
    token,
  });
}

/** An administrator ends all of a person's sessions. */
export function useEndUserSessions(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => fetchData(`users/${id}/sessions/end`, sessionsEndedSchema, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.userSessions(id) }),
  });
}
