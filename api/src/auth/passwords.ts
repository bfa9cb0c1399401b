import { hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. (`Algorithm` is a const enum that erasable TS cannot read.) */
const ARGON2ID = 2;
const options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, options);

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against the stored hash, or against a throwaway one when the user does not exist,
 * so the response time does not reveal which usernames are taken.
 */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  dummyHash ??= hashPassword('not-a-real-password');
  const ok = await verify(storedHash ?? (await dummyHash), password).catch(() => false);
  return ok && storedHash !== undefined;
}
