/**
 * `npm run admin:create -- --email ops@provider.example --name "Ops Lead"` (decision 030)
 *
 * The first real administrator of an install, without the demo users (DEMO_USERS=off): opens the
 * database the way the server does (DATABASE_URL, else PGlite under DATA_DIR), applies migrations,
 * and adds an active person holding the built-in Admin role with a one-time password, printed once,
 * which they must replace at their first sign-in. Refuses an e-mail that is taken, and a database the
 * server has not seeded yet (start it once first, so the reference data is there).
 */
import { parseArgs } from 'node:util';
import { USER_ERRORS, userCreatePayloadSchema } from '@contract/user';
import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { loadConfig } from '../config';
import { oneTimePassword } from '../services/one-time-password';
import { openDatabase } from './connect';
import { migrateDatabase } from './migrate';
import { createUser } from './queries/users';
import { roles } from './schema';
import { isSeeded } from './seed/seed';

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' } } });
  const parsed = v.safeParse(userCreatePayloadSchema, {
    email: values.email ?? '',
    name: values.name ?? '',
    role_ids: ['00000000-0000-4000-8000-000000000000'],
  });
  if (!parsed.success) {
    console.error(
      `Usage: npm run admin:create -- --email <e-mail> --name "<name>"\n${v.summarize(parsed.issues)}`,
    );
    return 2;
  }
  const config = loadConfig();
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateDatabase(handle);
    if (!(await isSeeded(handle.db))) {
      console.error(
        'This database is empty: start the server once (DEMO_USERS=off npm start) so it seeds it, then run this.',
      );
      return 1;
    }
    const [admin] = await handle.db.select({ id: roles.id }).from(roles).where(eq(roles.builtIn, 'admin'));
    if (!admin) throw new Error('the built-in Admin role is missing (migration 0015)');
    const password = oneTimePassword();
    const result = await createUser(
      handle.db,
      { ...parsed.output, role_ids: [admin.id] },
      await hash(password),
      new Date(),
    );
    if (!result.ok) {
      console.error(
        result.reason === 'email-taken' ? USER_ERRORS.emailTaken(parsed.output.email) : result.reason,
      );
      return 1;
    }
    process.stdout.write(
      `Added ${result.user.name} <${result.user.email}> with the Admin role.\n` +
        `One-time password (shown only now; it must be changed at the first sign-in): ${password}\n`,
    );
    return 0;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
