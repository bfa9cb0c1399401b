import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

/** Laravel 11's `/up`: lets scripts and e2e set-ups wait until the API (and its database) answers. */
const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/up', { schema: { response: { 200: Type.Object({ status: Type.Literal('ok') }) } } }, async () => {
    await app.db.selectNoFrom((eb) => eb.lit(1).as('one')).execute();
    return { status: 'ok' as const };
  });
};

export default healthRoutes;
