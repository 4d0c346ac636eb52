import { parseArgs } from 'node:util';
import { registriereEltern } from '@waldkita/command-api/eltern/registriere-eltern';
import type { Config } from '@waldkita/platform/config';
import { z } from 'zod';
import { openRuntime } from '../runtime.js';
import { ADMIN_OPTIONS, ADMIN_USAGE } from './usage.js';

const createAdminArgs = z.object({
  email: z.email('--email must be an e-mail address'),
  password: z.string().min(6, '--password must be at least 6 characters long'),
  nachname: z.string().trim().min(1, '--nachname is required'),
});

/** `admin create-admin`: the operator's way to the first admin account. */
export async function admin(config: Config, argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub !== 'create-admin') {
    console.error(ADMIN_USAGE);
    return 2;
  }
  let values: Record<string, unknown>;
  try {
    ({ values } = parseArgs({
      args: rest,
      options: ADMIN_OPTIONS,
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${ADMIN_USAGE}`);
    return 2;
  }
  const parsed = createAdminArgs.safeParse(values);
  if (!parsed.success) {
    console.error(`${parsed.error.issues[0]!.message}\n${ADMIN_USAGE}`);
    return 2;
  }
  const runtime = await openRuntime(config, { redis: false });
  try {
    const result = await registriereEltern(
      runtime,
      {
        nachname: parsed.data.nachname,
        nameKind: null,
        email: parsed.data.email,
        gruppeId: null,
        rollen: ['ROLE_ADMIN'],
        passwort: parsed.data.password,
      },
      { actorId: null },
    );
    if (result.status === 'existiert') {
      console.log(`An account for ${parsed.data.email} exists already (id ${result.elternId}); nothing was changed.`);
      return 1;
    }
    console.log(`Admin ${parsed.data.email} created (id ${result.elternId}). Sign in at ${config.APP_URL}/login`);
    return 0;
  } finally {
    await runtime.close();
  }
}
