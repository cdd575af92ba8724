import {
  ACCOUNT_ERRORS,
  ACCOUNT_MESSAGES,
  RECOVERY_CODE_COUNT,
  secondFactorConfirmationSchema,
  secondFactorEnrolmentSchema,
  secondFactorStatusSchema,
  sessionsEndedSchema,
  staffSessionSchema,
} from '@contract/account';
import { auditPageSchema } from '@contract/audit-log';
import { sessionSchema } from '@contract/auth';
import { pagedSchema } from '@contract/envelope';
import { API_ERRORS } from '@contract/messages';
import { type Role, roleSchema } from '@contract/role';
import { USER_MESSAGES, userSchema } from '@contract/user';
import { decodeJwt } from 'jose';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { deleteOldSessions } from '../db/queries/second-factor';
import { sessions } from '../db/schema';
import { totpCode } from '../services/second-factor';
import { describeApi, loginRequest, readEnvelope, type TestApi } from '../test/api';
import { expectStatus, expectUnknownAndMalformedIds } from '../test/expect';
import { createPersonAs, createRoleAs, firstSignIn, STAFF_PASSWORD, sendJson } from '../test/staff';

const AUTH = '/api/v1/auth';

function post(api: TestApi, path: string, token: string, body: unknown = {}) {
  return sendJson(api, 'POST', path, body, token);
}

async function data<S extends v.GenericSchema>(response: Response, schema: S): Promise<v.InferOutput<S>> {
  const body = await readEnvelope(response, schema);
  expect(response.status, JSON.stringify(body)).toBeLessThan(300);
  return body.data;
}

/** Signs in with a browser's user agent and client address; answers the session. */
async function signInAs(
  api: TestApi,
  email: string,
  password: string,
  agent = 'Test browser',
  client = 'c1',
) {
  const request = loginRequest(email, password, client);
  const headers = new Headers(request.headers);
  headers.set('User-Agent', agent);
  const response = await api.call(`${AUTH}/login`, { ...request, headers });
  return data(response, sessionSchema);
}

/** A new person holding `roleIds`, past their first sign-in: their e-mail and a full token. */
async function newPerson(api: TestApi, admin: string, roleIds: string[]) {
  const created = await createPersonAs(api, admin, roleIds);
  const token = await firstSignIn(api, created);
  return { id: created.user.id, email: created.user.email, token };
}

/** Enrols a TOTP factor for the token's person; answers the secret and the recovery codes. */
async function enrol(api: TestApi, token: string) {
  const { secret } = await data(
    await post(api, `${AUTH}/second-factor/enrolment`, token),
    secondFactorEnrolmentSchema,
  );
  const confirmed = await data(
    await post(api, `${AUTH}/second-factor/confirmation`, token, { code: totpCode(secret, api.clock()) }),
    secondFactorConfirmationSchema,
  );
  return { secret, recoveryCodes: confirmed.recovery_codes, confirmed };
}

describeApi(
  'my account and the second factor',
  { signIn: ['admin', 'support', 'finance'] },
  (api, signed) => {
    let finance: Role;

    beforeAll(async () => {
      const body = await readEnvelope(
        await api.call('/api/v1/roles?limit=100', { token: signed.admin }),
        pagedSchema(roleSchema),
      );
      const found = body.data.contents.find((r) => r.built_in === 'finance');
      if (!found) throw new Error('no finance role');
      finance = found;
    });

    describe('my sessions', () => {
      it('lists my active sessions with browser, address and the current one; signs out the others', async () => {
        const person = await newPerson(api, signed.admin, [finance.id]);
        api.clock.advance(1_000);
        const laptop = await signInAs(api, person.email, STAFF_PASSWORD, 'Laptop browser', 'laptop');
        api.clock.advance(1_000);
        const phone = await signInAs(api, person.email, STAFF_PASSWORD, 'Phone browser', 'phone');
        api.clock.advance(5_000);
        const list = await data(
          await api.call(`${AUTH}/sessions`, { token: laptop.access_token }),
          v.array(staffSessionSchema),
        );
        expect(list.map((s) => [s.user_agent, s.address, s.current, s.status])).toEqual([
          ['Phone browser', 'phone', false, 'ACTIVE'],
          ['Laptop browser', 'laptop', true, 'ACTIVE'],
          // What its own password change answered (the one-time password's step token is not listed).
          [null, '203.0.113.1', false, 'ACTIVE'],
        ]);
        expect(list[1]?.last_seen_at).toBe(api.clock().toISOString());

        const ended = await data(
          await post(api, `${AUTH}/sessions/end-others`, laptop.access_token),
          sessionsEndedSchema,
        );
        expect(ended.ended).toBe(2);
        await expectStatus(
          await api.call(`${AUTH}/sessions`, { token: phone.access_token }),
          401,
          API_ERRORS.tokenRevoked,
        );
        const left = await data(
          await api.call(`${AUTH}/sessions`, { token: laptop.access_token }),
          v.array(staffSessionSchema),
        );
        expect(left.map((s) => s.user_agent)).toEqual(['Laptop browser']);
      });

      it('refuses 401 without a token', async () => {
        await expectStatus(await api.call(`${AUTH}/sessions`), 401);
        await expectStatus(await api.call(`${AUTH}/sessions/end-others`, { method: 'POST' }), 401);
      });
    });

    describe('the password rule', () => {
      it('refuses a common password of 12 characters or more, by the one contract rule', async () => {
        const person = await newPerson(api, signed.admin, [finance.id]);
        const response = await post(api, `${AUTH}/password`, person.token, {
          current_password: STAFF_PASSWORD,
          new_password: 'Password1234',
        });
        await expectStatus(response, 400, `new_password: ${USER_MESSAGES.commonPassword}`);
        await expectStatus(
          await post(api, `${AUTH}/password`, person.token, {
            current_password: STAFF_PASSWORD,
            new_password: '111111111111',
          }),
          400,
          `new_password: ${USER_MESSAGES.commonPassword}`,
        );
      });
    });

    describe('TOTP second factor', () => {
      it('enrols with a code, answers ten recovery codes once, and refuses a second enrolment', async () => {
        const person = await newPerson(api, signed.admin, [finance.id]);
        const { secret } = await data(
          await post(api, `${AUTH}/second-factor/enrolment`, person.token),
          secondFactorEnrolmentSchema,
        );
        await expectStatus(
          await post(api, `${AUTH}/second-factor/confirmation`, person.token, { code: 'abc' }),
          400,
          `code: ${ACCOUNT_MESSAGES.code}`,
        );
        const wrong = totpCode(secret, new Date(api.clock().getTime() + 10 * 60_000));
        await expectStatus(
          await post(api, `${AUTH}/second-factor/confirmation`, person.token, { code: wrong }),
          400,
          `code: ${ACCOUNT_ERRORS.wrongCode}`,
        );
        const confirmed = await data(
          await post(api, `${AUTH}/second-factor/confirmation`, person.token, {
            code: totpCode(secret, api.clock()),
          }),
          secondFactorConfirmationSchema,
        );
        expect(confirmed.recovery_codes).toHaveLength(RECOVERY_CODE_COUNT);
        expect(new Set(confirmed.recovery_codes).size).toBe(RECOVERY_CODE_COUNT);
        expect(confirmed.session).toBeNull();
        const status = await data(
          await api.call(`${AUTH}/second-factor`, { token: person.token }),
          secondFactorStatusSchema,
        );
        expect(status).toMatchObject({ enabled: true, recovery_codes_left: 10, required: false });
        await expectStatus(
          await post(api, `${AUTH}/second-factor/enrolment`, person.token),
          409,
          ACCOUNT_ERRORS.alreadyEnabled,
        );
        await expectStatus(
          await post(api, `${AUTH}/second-factor/confirmation`, person.token, {
            code: totpCode(secret, api.clock()),
          }),
          409,
          ACCOUNT_ERRORS.alreadyEnabled,
        );
        const user = await data(
          await api.call(`/api/v1/users/${person.id}`, { token: signed.admin }),
          userSchema,
        );
        expect(user.second_factor).toBe(true);
      });

      it('refuses to confirm before an enrolment started', async () => {
        const person = await newPerson(api, signed.admin, [finance.id]);
        await expectStatus(
          await post(api, `${AUTH}/second-factor/confirmation`, person.token, { code: '123456' }),
          409,
          ACCOUNT_ERRORS.noEnrolment,
        );
      });

      it('asks for the code at sign-in; the step token can do nothing else; a used code is refused', async () => {
        const person = await newPerson(api, signed.admin, [finance.id]);
        const { secret } = await enrol(api, person.token);

        const step = await signInAs(api, person.email, STAFF_PASSWORD);
        expect(step).toMatchObject({ second_factor_required: true });
        expect(step.expires_in).toBe(15 * 60);
        expect(decodeJwt(step.access_token)).toMatchObject({ stage: 'second-factor', resource_access: {} });
        await expectStatus(
          await api.call('/api/v1/currencies', { token: step.access_token }),
          403,
          ACCOUNT_ERRORS.stage,
        );
        await expectStatus(
          await post(api, `${AUTH}/second-factor/enrolment`, step.access_token),
          403,
          ACCOUNT_ERRORS.stage,
        );

        // The enrolment's code, in the same 30-second step: already used.
        await expectStatus(
          await post(api, `${AUTH}/second-factor/verification`, step.access_token, {
            code: totpCode(secret, api.clock()),
          }),
          400,
          `code: ${ACCOUNT_ERRORS.usedCode}`,
        );
        api.clock.advance(30_000);
        const code = totpCode(secret, api.clock());
        const session = await data(
          await post(api, `${AUTH}/second-factor/verification`, step.access_token, { code }),
          sessionSchema,
        );
        expect(session.second_factor_required).toBeUndefined();
        expect(decodeJwt(session.access_token).stage).toBeUndefined();
        await expectStatus(await api.call('/api/v1/transactions', { token: session.access_token }), 200);
        // The step's token is signed out once used.
        await expectStatus(
          await post(api, `${AUTH}/second-factor/verification`, step.access_token, { code }),
          401,
          API_ERRORS.tokenRevoked,
        );
        // The same code again, from a new sign-in: refused.
        const again = await signInAs(api, person.email, STAFF_PASSWORD);
        await expectStatus(
          await post(api, `${AUTH}/second-factor/verification`, again.access_token, { code }),
          400,
          `code: ${ACCOUNT_ERRORS.usedCode}`,
        );
        // A full session has no code to give.
        await expectStatus(
          await post(api, `${AUTH}/second-factor/verification`, session.access_token, { code }),
          409,
          ACCOUNT_ERRORS.noCodeAwaited,
        );
      });

      it('takes a recovery code once instead of a code', async () => {
        const person = await newPerson(api, signed.admin, [finance.id]);
        const { recoveryCodes } = await enrol(api, person.token);
        const recovery = recoveryCodes[3] ?? '';
        const step = await signInAs(api, person.email, STAFF_PASSWORD);
        await data(
          await post(api, `${AUTH}/second-factor/verification`, step.access_token, {
            code: recovery.toUpperCase(),
          }),
          sessionSchema,
        );
        const second = await signInAs(api, person.email, STAFF_PASSWORD);
        await expectStatus(
          await post(api, `${AUTH}/second-factor/verification`, second.access_token, { code: recovery }),
          400,
          `code: ${ACCOUNT_ERRORS.wrongCode}`,
        );
        await expectStatus(
          await post(api, `${AUTH}/second-factor/verification`, second.access_token, { code: 'not a code' }),
          400,
          `code: ${ACCOUNT_MESSAGES.codeOrRecovery}`,
        );
        const status = await data(
          await api.call(`${AUTH}/second-factor`, { token: person.token }),
          secondFactorStatusSchema,
        );
        expect(status.recovery_codes_left).toBe(9);
      });

      it('records the sign-in a code finishes as auth.sign-in, and a wrong code as a failed one', async () => {
        const person = await newPerson(api, signed.admin, [finance.id]);
        const { secret } = await enrol(api, person.token);
        const signIns = async () => {
          const body = await readEnvelope(
            await api.call(`/api/v1/audit-log?limit=100&action=auth.sign-in&resource_id=${person.id}`, {
              token: signed.admin,
            }),
            auditPageSchema,
          );
          return body.data.contents.sort((a, b) => Number(b.id) - Number(a.id));
        };
        const step = await signInAs(api, person.email, STAFF_PASSWORD, 'Browser', 'audited');
        api.clock.advance(30_000);
        await expectStatus(
          await post(api, `${AUTH}/second-factor/verification`, step.access_token, { code: '000000' }),
          400,
        );
        expect((await signIns())[0]).toMatchObject({
          outcome: 'failure',
          actor: { id: person.id },
          after: { step: 'second-factor', reason: 'wrong-code' },
        });
        await data(
          await post(api, `${AUTH}/second-factor/verification`, step.access_token, {
            code: totpCode(secret, api.clock()),
          }),
          sessionSchema,
        );
        expect((await signIns())[0]).toMatchObject({
          outcome: 'success',
          actor: { id: person.id, email: person.email },
          after: { step: 'second-factor', with: 'code' },
        });
      });

      it('rate-limits wrong codes like failed sign-ins', async () => {
        const person = await newPerson(api, signed.admin, [finance.id]);
        const { secret } = await enrol(api, person.token);
        const step = await signInAs(api, person.email, STAFF_PASSWORD, 'Browser', 'guesser');
        const wrong = totpCode(secret, new Date(api.clock().getTime() + 60 * 60_000));
        const verify = () =>
          api.call(`${AUTH}/second-factor/verification`, {
            method: 'POST',
            token: step.access_token,
            headers: { 'Content-Type': 'application/json', 'x-test-client': 'guesser' },
            body: JSON.stringify({ code: wrong }),
          });
        for (let i = 0; i < 5; i++)
          await expectStatus(await verify(), 400, `code: ${ACCOUNT_ERRORS.wrongCode}`);
        const refused = await verify();
        await expectStatus(refused, 429, API_ERRORS.rateLimited);
        expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
      });

      it('turns off with the password only', async () => {
        const person = await newPerson(api, signed.admin, [finance.id]);
        await expectStatus(
          await post(api, `${AUTH}/second-factor/removal`, person.token, { password: STAFF_PASSWORD }),
          409,
          ACCOUNT_ERRORS.notEnabled,
        );
        await enrol(api, person.token);
        await expectStatus(
          await post(api, `${AUTH}/second-factor/removal`, person.token, {}),
          400,
          `password: ${ACCOUNT_MESSAGES.password}`,
        );
        await expectStatus(
          await post(api, `${AUTH}/second-factor/removal`, person.token, { password: 'not my password' }),
          400,
          `password: ${ACCOUNT_ERRORS.wrongPassword}`,
        );
        const off = await data(
          await post(api, `${AUTH}/second-factor/removal`, person.token, { password: STAFF_PASSWORD }),
          secondFactorStatusSchema,
        );
        expect(off).toMatchObject({ enabled: false, recovery_codes_left: 0 });
        const session = await signInAs(api, person.email, STAFF_PASSWORD);
        expect(session.second_factor_required).toBeUndefined();
      });
    });

    describe('a role that requires a second factor', () => {
      it('leads its holders to enrol at their next sign-in, then signs them in; they cannot turn it off', async () => {
        const role = await createRoleAs(api, signed.admin, `Strict ${Date.now()}`, ['view-currency']);
        const person = await newPerson(api, signed.admin, [role.id]);
        const flagged = await data(
          await sendJson(
            api,
            'PUT',
            `/api/v1/roles/${role.id}/second-factor`,
            { required: true },
            signed.admin,
          ),
          roleSchema,
        );
        expect(flagged.requires_second_factor).toBe(true);
        // Nobody is signed out by it.
        await expectStatus(await api.call('/api/v1/currencies', { token: person.token }), 200);

        const step = await signInAs(api, person.email, STAFF_PASSWORD);
        expect(step).toMatchObject({ second_factor_enrolment_required: true });
        await expectStatus(
          await api.call('/api/v1/currencies', { token: step.access_token }),
          403,
          ACCOUNT_ERRORS.stage,
        );
        const status = await data(
          await api.call(`${AUTH}/second-factor`, { token: step.access_token }),
          secondFactorStatusSchema,
        );
        expect(status).toMatchObject({ enabled: false, required: true });
        const { confirmed } = await enrol(api, step.access_token);
        expect(confirmed.session).not.toBeNull();
        const full = confirmed.session?.access_token ?? '';
        await expectStatus(await api.call('/api/v1/currencies', { token: full }), 200);
        await expectStatus(
          await post(api, `${AUTH}/second-factor/removal`, full, { password: STAFF_PASSWORD }),
          409,
          ACCOUNT_ERRORS.requiredByRole,
        );
        // Next time: the code, not the enrolment.
        expect(await signInAs(api, person.email, STAFF_PASSWORD)).toMatchObject({
          second_factor_required: true,
        });
      });

      it('refuses 400 for a bad flag, 403 without update-role, 404 for no such role', async () => {
        const at = (id: string) => `/api/v1/roles/${id}/second-factor`;
        await expectStatus(
          await sendJson(api, 'PUT', at(finance.id), { required: 'yes' }, signed.admin),
          400,
          `required: ${ACCOUNT_MESSAGES.required}`,
        );
        await expectStatus(
          await sendJson(api, 'PUT', at(finance.id), { required: true }, signed.finance),
          403,
          API_ERRORS.forbidden,
        );
        await expectStatus(await api.call(at(finance.id), { method: 'PUT' }), 401);
        await expectUnknownAndMalformedIds(
          (id) => sendJson(api, 'PUT', at(id), { required: true }, signed.admin),
          'Role',
        );
      });
    });

    describe("an administrator and a person's sessions", () => {
      it("lists a person's sessions with their history, ends them, and resets their second factor", async () => {
        const person = await newPerson(api, signed.admin, [finance.id]);
        const other = await signInAs(api, person.email, STAFF_PASSWORD, 'Other browser');
        const at = `/api/v1/users/${person.id}`;
        const before = await data(
          await api.call(`${at}/sessions`, { token: signed.support }),
          v.array(staffSessionSchema),
        );
        expect(before.map((s) => s.status)).toEqual(['ACTIVE', 'ACTIVE']);

        const ended = await data(await post(api, `${at}/sessions/end`, signed.admin), sessionsEndedSchema);
        expect(ended.ended).toBe(2);
        await expectStatus(
          await api.call('/api/v1/currencies', { token: other.access_token }),
          401,
          API_ERRORS.tokenRevoked,
        );
        const after = await data(
          await api.call(`${at}/sessions`, { token: signed.admin }),
          v.array(staffSessionSchema),
        );
        expect(after.map((s) => s.status)).toEqual(['SIGNED_OUT', 'SIGNED_OUT']);

        await expectStatus(
          await post(api, `${at}/second-factor-reset`, signed.admin),
          409,
          ACCOUNT_ERRORS.notEnabled,
        );
        const fresh = await signInAs(api, person.email, STAFF_PASSWORD);
        await enrol(api, fresh.access_token);
        const reset = await data(await post(api, `${at}/second-factor-reset`, signed.admin), userSchema);
        expect(reset.second_factor).toBe(false);
        await expectStatus(
          await api.call('/api/v1/currencies', { token: fresh.access_token }),
          401,
          API_ERRORS.tokenRevoked,
        );
      });

      it('refuses 401, 403 and 404', async () => {
        const at = (id: string) => `/api/v1/users/${id}`;
        const id =
          (
            await readEnvelope(
              await api.call('/api/v1/users?limit=1', { token: signed.admin }),
              pagedSchema(userSchema),
            )
          ).data.contents[0]?.id ?? '';
        await expectStatus(await api.call(`${at(id)}/sessions`), 401);
        await expectStatus(
          await api.call(`${at(id)}/sessions`, { token: signed.finance }),
          403,
          API_ERRORS.forbidden,
        );
        await expectStatus(
          await post(api, `${at(id)}/sessions/end`, signed.support),
          403,
          API_ERRORS.forbidden,
        );
        await expectStatus(
          await post(api, `${at(id)}/second-factor-reset`, signed.support),
          403,
          API_ERRORS.forbidden,
        );
        await expectUnknownAndMalformedIds(
          (x) => api.call(`${at(x)}/sessions`, { token: signed.admin }),
          'User',
        );
        await expectUnknownAndMalformedIds((x) => post(api, `${at(x)}/sessions/end`, signed.admin), 'User');
        await expectUnknownAndMalformedIds(
          (x) => post(api, `${at(x)}/second-factor-reset`, signed.admin),
          'User',
        );
      });
    });

    describe('maintenance', () => {
      it('deletes sessions 30 days after they expired, and keeps the newer ones', async () => {
        const person = await newPerson(api, signed.admin, [finance.id]);
        const db = api.database.db;
        const mine = async () => (await db.select().from(sessions)).filter((r) => r.userId === person.id);
        const rows = await mine();
        expect(rows.length).toBeGreaterThan(0);
        const earliest = Math.min(...rows.map((r) => r.expiresAt.getTime()));
        const latest = Math.max(...rows.map((r) => r.expiresAt.getTime()));
        await deleteOldSessions(db, new Date(earliest + 30 * 86_400_000 - 1000));
        expect(await mine()).toHaveLength(rows.length);
        await deleteOldSessions(db, new Date(latest + 30 * 86_400_000 + 1000));
        expect(await mine()).toHaveLength(0);
      });
    });
  },
);
