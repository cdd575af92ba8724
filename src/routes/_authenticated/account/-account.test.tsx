import { ACCOUNT_ERRORS, RECOVERY_CODE_COUNT } from '@contract/account';
import { USER_ERRORS, USER_MESSAGES } from '@contract/user';
import { MOCK_USER_IDS } from '@mocks/data/users';
import { db } from '@mocks/db';
import { screen, within } from '@testing-library/react';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, test } from 'vitest';
import { UI_ACCOUNT } from '@/features/account/copy';
import { renderApp } from '@/test/render-app';

const T = UI_ACCOUNT;

describe('my account', () => {
  test('lists my session, marked as this one', async () => {
    renderApp('/account', { user: 'support' });
    const table = await screen.findByRole('table', { name: T.sessions.heading });
    expect(await within(table).findByText(T.sessions.current)).toBeInTheDocument();
    // Only this session: nothing else to sign out.
    expect(screen.getByRole('button', { name: T.sessions.signOutOthers })).toBeDisabled();
  });

  test('enrols an authenticator: the QR code and key, a wrong code refused, then ten recovery codes once', async () => {
    const { user } = renderApp('/account', { user: 'support' });
    await screen.findByRole('table', { name: T.sessions.heading });
    expect(await screen.findByText(T.secondFactor.off)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: T.secondFactor.setUp }));

    const qr = await screen.findByRole('img', { name: T.secondFactor.qrAlt });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;utf8,/);
    const secret = screen.getByTestId('totp-secret').textContent ?? '';
    expect(secret).toBe(db.secondFactors.get(MOCK_USER_IDS.support)?.secret);

    const totp = new TOTP({ secret: Secret.fromBase32(secret) });
    const now = totp.generate();
    await user.type(screen.getByLabelText(T.secondFactor.code), now === '000000' ? '111111' : '000000');
    await user.click(screen.getByRole('button', { name: T.secondFactor.confirm }));
    expect(await screen.findByText(ACCOUNT_ERRORS.wrongCode)).toBeInTheDocument();

    await user.clear(screen.getByLabelText(T.secondFactor.code));
    await user.type(screen.getByLabelText(T.secondFactor.code), totp.generate());
    await user.click(screen.getByRole('button', { name: T.secondFactor.confirm }));
    const codes = await screen.findByRole('list', { name: T.secondFactor.recoveryHeading });
    expect(within(codes).getAllByRole('listitem')).toHaveLength(RECOVERY_CODE_COUNT);

    await user.click(screen.getByRole('button', { name: T.secondFactor.recoverySaved }));
    expect(await screen.findByText(T.secondFactor.on(RECOVERY_CODE_COUNT))).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: T.secondFactor.recoveryHeading })).toBeNull();
  });

  test('refuses a common new password and a mismatch before sending, and a wrong current password under its field', async () => {
    const { user } = renderApp('/account', { user: 'support' });
    await user.type(await screen.findByLabelText(T.password.current), 'not my password');
    await user.type(screen.getByLabelText(T.password.next), 'Password1234');
    await user.type(screen.getByLabelText(T.password.confirm), 'Password12345');
    await user.click(screen.getByRole('button', { name: T.password.submit }));
    expect(await screen.findByText(USER_MESSAGES.commonPassword)).toBeInTheDocument();
    expect(screen.getByText(T.password.mismatch)).toBeInTheDocument();

    await user.clear(screen.getByLabelText(T.password.next));
    await user.clear(screen.getByLabelText(T.password.confirm));
    await user.type(screen.getByLabelText(T.password.next), 'a much better passphrase');
    await user.type(screen.getByLabelText(T.password.confirm), 'a much better passphrase');
    await user.click(screen.getByRole('button', { name: T.password.submit }));
    expect(await screen.findByText(USER_ERRORS.wrongPassword)).toBeInTheDocument();
  });
});
