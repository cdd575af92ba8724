import { sessionSchema } from '@contract/auth';
import { envelopeSchema, errorEnvelopeSchema } from '@contract/envelope';
import { API_ERRORS } from '@contract/messages';
import { HttpResponse, http } from 'msw';
import * as v from 'valibot';
import { findDemoUser, sessionFor } from '../data/users';

const sessionEnvelope = envelopeSchema(sessionSchema);

function failure(status: number, errorMessage: string) {
  // Parsed so a mock can never send what the real server would not.
  return HttpResponse.json(
    v.parse(errorEnvelopeSchema, { success: false, status, data: null, errorMessage }),
    {
      status,
    },
  );
}

/** `POST auth/login`, form-encoded (spec §7), answering like the reference server. */
export const authHandlers = [
  http.post('*/api/v1/auth/login', async ({ request }) => {
    if (!request.headers.get('content-type')?.includes('application/x-www-form-urlencoded')) {
      return failure(400, 'Sign-in expects a form-encoded body');
    }
    const form = new URLSearchParams(await request.text());
    const username = form.get('username') ?? '';
    const password = form.get('password') ?? '';
    if (username.trim() === '') return failure(400, 'username is required');
    if (password === '') return failure(400, 'password is required');

    const user = findDemoUser(username, password);
    if (!user) return failure(401, API_ERRORS.badCredentials);

    const body = v.parse(sessionEnvelope, {
      success: true,
      status: 200,
      data: sessionFor(user),
      errorMessage: null,
    });
    return HttpResponse.json(body);
  }),
];
