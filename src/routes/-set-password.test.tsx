import { sessionSchema } from '@contract/auth';
import { envelopeSchema } from '@contract/envelope';
import { DEMO_USERS, sessionFor } from '@mocks/data/users';
import { server } from '@mocks/node';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { UI_AUTH } from '@/features/auth/copy';
import { UI_USERS } from '@/features/users/copy';
import { getValidSession } from '@/lib/session';
import { renderApp } from '@/test/render-app';

const T = UI_USERS.setPassword;
const support = DEMO_USERS.support;

/** The sign-in answers as for a one-time password: a session with password_change_required. */
function oneTimeSignIn() {
  server.use(
    http.post('*/api/v1/auth/login', () =>
      HttpResponse.json(
        v.parse(envelopeSchema(sessionSchema), {
          success: true,
          status: 200,
          errorMessage: null,
          data: { ...sessionFor(support, { permissions: {} }), password_change_required: true },
        }),
      ),
    ),
  );
}

describe('first sign-in with a one-time password', () => {
  test('leads to the set-password form, which holds the password to 12 characters and a match, then signs in', async () => {
    oneTimeSignIn();
    const { user, router } = renderApp('/signin', { user: 'none' });
    await user.type(await screen.findByLabelText(UI_AUTH.signin.email), support.email);
    await user.type(screen.getByLabelText(UI_AUTH.signin.password, { exact: true }), support.password);
    await user.click(screen.getByRole('button', { name: UI_AUTH.signin.submit }));

    expect(await screen.findByRole('heading', { name: T.heading })).toBeInTheDocument();
    expect(getValidSession()).toBeNull();

    await user.type(screen.getByLabelText(T.newPassword), 'too short');
    await user.type(screen.getByLabelText(T.confirm), 'too short!');
    await user.click(screen.getByRole('button', { name: T.submit }));
    expect(await screen.findByText('The new password must be at least 12 characters')).toBeInTheDocument();
    expect(screen.getByText(T.mismatch)).toBeInTheDocument();

    await user.clear(screen.getByLabelText(T.newPassword));
    await user.clear(screen.getByLabelText(T.confirm));
    await user.type(screen.getByLabelText(T.newPassword), 'a long enough password');
    await user.type(screen.getByLabelText(T.confirm), 'a long enough password');
    await user.click(screen.getByRole('button', { name: T.submit }));

    await waitFor(() => expect(router.state.location.pathname).not.toBe('/set-password'));
    expect(getValidSession()?.claims.email).toBe(support.email);
  });

  test('without a sign-in just made, the form sends to sign-in', async () => {
    const { router } = renderApp('/set-password', { user: 'none' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
  });
});
