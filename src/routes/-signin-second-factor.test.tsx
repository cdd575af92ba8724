import { ACCOUNT_ERRORS } from '@contract/account';
import { DEMO_USERS, MOCK_USER_IDS } from '@mocks/data/users';
import { db } from '@mocks/db';
import { screen, waitFor } from '@testing-library/react';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, test } from 'vitest';
import { UI_ACCOUNT } from '@/features/account/copy';
import { UI_AUTH } from '@/features/auth/copy';
import { getValidSession } from '@/lib/session';
import { renderApp } from '@/test/render-app';

const T = UI_ACCOUNT.signInCode;
const finance = DEMO_USERS.finance;
const secret = new Secret({ size: 20 }).base32;
const codeNow = () => new TOTP({ secret: Secret.fromBase32(secret) }).generate();

function withSecondFactor(recoveryCodes: string[] = []) {
  db.secondFactors.set(MOCK_USER_IDS.finance, { secret, confirmed: true, lastStep: null, recoveryCodes });
}

async function signInAsFinance() {
  const rendered = renderApp('/signin', { user: 'none' });
  const { user } = rendered;
  await user.type(await screen.findByLabelText(UI_AUTH.signin.email), finance.email);
  await user.type(screen.getByLabelText(UI_AUTH.signin.password, { exact: true }), finance.password);
  await user.click(screen.getByRole('button', { name: UI_AUTH.signin.submit }));
  expect(await screen.findByRole('heading', { name: T.heading })).toBeInTheDocument();
  return rendered;
}

describe('sign-in with a second factor', () => {
  test('asks for the code after the password; a wrong one is refused under the field, the right one signs in', async () => {
    withSecondFactor();
    const { user, router } = await signInAsFinance();
    expect(getValidSession()).toBeNull();

    await user.type(screen.getByLabelText(T.code), '12');
    await user.click(screen.getByRole('button', { name: T.submit }));
    expect(await screen.findByText(UI_ACCOUNT_CODE_MESSAGE)).toBeInTheDocument();

    await user.clear(screen.getByLabelText(T.code));
    const wrong = codeNow() === '000000' ? '111111' : '000000';
    await user.type(screen.getByLabelText(T.code), wrong);
    await user.click(screen.getByRole('button', { name: T.submit }));
    expect(await screen.findByText(ACCOUNT_ERRORS.wrongCode)).toBeInTheDocument();
    expect(getValidSession()).toBeNull();

    await user.clear(screen.getByLabelText(T.code));
    await user.type(screen.getByLabelText(T.code), codeNow());
    await user.click(screen.getByRole('button', { name: T.submit }));
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/signin'));
    expect(getValidSession()?.claims.email).toBe(finance.email);
  });

  test('takes a recovery code instead', async () => {
    withSecondFactor(['abcde-fghij']);
    const { user, router } = await signInAsFinance();
    await user.type(screen.getByLabelText(T.code), 'ABCDE-FGHIJ');
    await user.click(screen.getByRole('button', { name: T.submit }));
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/signin'));
    expect(getValidSession()?.claims.email).toBe(finance.email);
  });

  test('without a second factor, the password alone signs in', async () => {
    const { user, router } = renderApp('/signin', { user: 'none' });
    await user.type(await screen.findByLabelText(UI_AUTH.signin.email), finance.email);
    await user.type(screen.getByLabelText(UI_AUTH.signin.password, { exact: true }), finance.password);
    await user.click(screen.getByRole('button', { name: UI_AUTH.signin.submit }));
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/signin'));
    expect(screen.queryByRole('heading', { name: T.heading })).toBeNull();
  });
});

const UI_ACCOUNT_CODE_MESSAGE = 'Enter the 6-digit code from your authenticator app, or a recovery code';
