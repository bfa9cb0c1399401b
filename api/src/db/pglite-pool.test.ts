import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { Background } from './background';
import { PGlitePool } from './pglite-pool';

describe('PGlite as a Kysely pool', () => {
  let pglite: PGlite;
  let db: Kysely<Record<string, never>>;

  beforeAll(async () => {
    pglite = await PGlite.create();
    db = new Kysely({
      dialect: new PostgresDialect({
        pool: new PGlitePool(pglite, { autoAnalyze: { minChangedRows: 20, minIntervalMs: 0 } }),
      }),
    });
    await sql`CREATE TABLE things (id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY, name text UNIQUE, data bytea, at timestamptz DEFAULT now(), tag uuid)`.execute(
      db,
    );
  });
  afterAll(() => db.destroy());

  const run = <R>(query: ReturnType<typeof sql<R>>) => query.execute(db);

  it('reads every type the app uses, NULLs and non-ASCII text included', async () => {
    const { rows } = await run(sql<Record<string, unknown>>`
      SELECT ${7}::int AS n, ${'Grüße, 世界 👋'}::text AS s, NULL::text AS nothing, ${true}::boolean AS yes,
        count(*) AS big, ${'2026-01-02T03:04:05.678Z'}::timestamptz AS at,
        ${'8a4e2a3c-0d3f-4f7e-9a55-0b1c2d3e4f50'}::uuid AS id, ${Buffer.from([0, 1, 255])}::bytea AS bytes
      FROM things`);
    expect(rows).toEqual([
      {
        n: 7,
        s: 'Grüße, 世界 👋',
        nothing: null,
        yes: true,
        big: 0,
        at: new Date('2026-01-02T03:04:05.678Z'),
        id: '8a4e2a3c-0d3f-4f7e-9a55-0b1c2d3e4f50',
        bytes: new Uint8Array([0, 1, 255]),
      },
    ]);
    // Arrays as node-postgres writes them: quoted elements, NULLs, nesting.
    expect((await run(sql<{ a: number[] }>`SELECT ${[1, 2]}::int[] AS a`)).rows).toEqual([{ a: [1, 2] }]);
    const names = ['a"b', 'c\\d', null, '{x, y}', 'ünï'];
    expect((await run(sql<{ a: string[] }>`SELECT ${names}::text[] AS a`)).rows).toEqual([{ a: names }]);
    expect((await run(sql<{ a: number[][] }>`SELECT ${[[1], [2]]}::int[][] AS a`)).rows).toEqual([
      { a: [[1], [2]] },
    ]);
  });

  it('reports affected rows, and a statement run again answers the same', async () => {
    const insert = () =>
      run(sql`INSERT INTO things (name) SELECT 'row ' || n FROM generate_series(1, ${3}::int) AS n`);
    expect((await insert()).numAffectedRows).toBe(3n);
    await run(sql`DELETE FROM things`);
    expect((await insert()).numAffectedRows).toBe(3n);
    expect((await run(sql`UPDATE things SET name = name || '!' WHERE id > ${0}`)).numAffectedRows).toBe(3n);
  });

  it('throws the database error with its code, and the connection goes on', async () => {
    await run(sql`INSERT INTO things (name) VALUES (${'unique'})`);
    const duplicate = run(sql`INSERT INTO things (name) VALUES (${'unique'})`);
    await expect(duplicate).rejects.toMatchObject({ code: '23505', constraint: 'things_name_key' });
    await expect(run(sql`SELECT nope FROM things`)).rejects.toMatchObject({ code: '42703' });
    expect((await run(sql<{ n: number }>`SELECT ${1}::int AS n`)).rows).toEqual([{ n: 1 }]);
  });

  it('rolls a failed transaction back and keeps transactions apart', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`INSERT INTO things (name) VALUES (${'in tx'})`.execute(trx);
        await sql`INSERT INTO things (name) VALUES (${'unique'})`.execute(trx);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const { rows } = await run(
      sql<{ n: number }>`SELECT count(*)::int AS n FROM things WHERE name = ${'in tx'}`,
    );
    expect(rows).toEqual([{ n: 0 }]);

    const order: string[] = [];
    await Promise.all([
      db.transaction().execute(async (trx) => {
        order.push('a begins');
        await sql`SELECT pg_sleep(0.05)`.execute(trx);
        order.push('a ends');
      }),
      db.transaction().execute(async () => {
        order.push('b runs');
      }),
    ]);
    expect(order).toEqual(['a begins', 'a ends', 'b runs']);
  });

  it('lets every statement waiting in the foreground go before one waiting in the background', async () => {
    const order: string[] = [];
    const statement = (name: string) => async () => {
      await sql`SELECT pg_sleep(0.01)`.execute(db);
      order.push(name);
    };
    await Promise.all([
      statement('first')(),
      new Background().run(statement('search')),
      statement('send 1')(),
      statement('send 2')(),
    ]);
    expect(order).toEqual(['first', 'send 1', 'send 2', 'search']);
  });

  it('keeps a bounded set of prepared statements and prepares an evicted one again', async () => {
    for (let n = 0; n < 300; n++) await run(sql`SELECT ${n}::int + ${sql.lit(n)} AS n`);
    expect((await run(sql<{ n: number }>`SELECT ${1}::int + ${sql.lit(0)} AS n`)).rows).toEqual([{ n: 1 }]);
    const { rows } = await run(sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_prepared_statements`);
    expect(rows[0]?.n).toBeLessThanOrEqual(257);
  });

  it('prepares a statement again once its table changed shape', async () => {
    const select = () => run(sql<Record<string, unknown>>`SELECT * FROM things WHERE id > ${0} LIMIT 1`);
    await select();
    await run(sql`ALTER TABLE things ADD COLUMN extra text`);
    await select().catch(() => undefined);
    expect(Object.keys((await select()).rows[0] ?? {})).toContain('extra');
  });

  it('gathers statistics once enough rows changed, as autovacuum would', async () => {
    const analyzed = async () =>
      (await run(sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stats WHERE tablename = 'things'`))
        .rows[0]?.n ?? 0;
    await run(sql`ANALYZE`);
    await run(sql`DELETE FROM pg_statistic WHERE starelid = 'things'::regclass`);
    expect(await analyzed()).toBe(0);
    await run(sql`INSERT INTO things (name) SELECT 'many ' || n FROM generate_series(1, ${50}::int) AS n`);
    for (let attempt = 0; attempt < 100 && (await analyzed()) === 0; attempt++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await analyzed()).toBeGreaterThan(0);
  });

  it('leaves the statistics of a large database it opened alone until a tenth of it changed', async () => {
    const pglite = await PGlite.create();
    const pool = new PGlitePool(pglite, { autoAnalyze: { minChangedRows: 20, minIntervalMs: 0 } });
    const big = new Kysely<Record<string, never>>({ dialect: new PostgresDialect({ pool }) });
    const analyses = async () =>
      (
        await sql<{
          n: number;
        }>`SELECT analyze_count::int AS n FROM pg_stat_user_tables WHERE relname = 'big'`.execute(big)
      ).rows[0]?.n ?? 0;
    await sql`CREATE TABLE big (n integer)`.execute(big);
    await sql`INSERT INTO big SELECT generate_series(1, 1000)`.execute(big);
    await sql`ANALYZE big`.execute(big);
    const settle = () => new Promise((resolve) => setTimeout(resolve, 100));
    await sql`INSERT INTO big SELECT generate_series(1, 50)`.execute(big);
    await settle();
    expect(await analyses()).toBe(1);
    await sql`INSERT INTO big SELECT generate_series(1, 60)`.execute(big);
    await settle();
    expect(await analyses()).toBe(2);
    await big.destroy();
  });
});
