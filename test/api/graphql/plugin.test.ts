import { GraphQLError } from 'graphql';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { NotFoundError } from '../../../api/errors.ts';
import { maskGraphqlError } from '../../../api/graphql/plugin.ts';
import { sampleApp } from '../../helpers.ts';

const mask = suite('maskGraphqlError');

mask('unexpected errors are masked; domain errors keep their message and code', () => {
  const leaked = maskGraphqlError(new GraphQLError('boom', { originalError: new Error('ENOENT /srv/secret.duckdb') }), 'Unexpected error.');
  assert.equal([leaked.message, leaked.extensions.code], ['Unexpected error.', 'INTERNAL_SERVER_ERROR']);
  const domain = maskGraphqlError(new GraphQLError('x', { originalError: new NotFoundError('no such watchlist') }), 'Unexpected error.');
  assert.equal([domain.message, domain.extensions.code, domain.extensions.status], ['no such watchlist', 'NOT_FOUND', 404]);
});

mask.run();

// ---

const graphiql = suite('GraphiQL');

graphiql('served in development only', async () => {
  for (const [env, expected] of [['development', true], ['production', false]] as const) {
    const t = await sampleApp({ jobs: ['companies'], config: { env } });
    const res = await t.app.inject({ url: '/graphql', headers: { accept: 'text/html', 'user-agent': 'almanac-graphql-test/1.0' } });
    assert.is(res.statusCode === 200 && /graphiql/i.test(res.body), expected, env);
    await t.close();
  }
});

graphiql.run();
