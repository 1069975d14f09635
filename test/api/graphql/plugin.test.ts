import { getIntrospectionQuery, GraphQLError } from 'graphql';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { NotFoundError } from '../../../api/errors.ts';
import { maskGraphqlError } from '../../../api/graphql/plugin.ts';
import { json, sampleApp } from '../../helpers.ts';

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

graphiql('GraphiQL and introspection in development and test, neither in production', async () => {
  const UA = { 'user-agent': 'almanac-graphql-test/1.0' };
  for (const [env, expected] of [['development', true], ['test', true], ['production', false]] as const) {
    const t = await sampleApp({ jobs: ['companies'], config: { env } });
    const res = await t.app.inject({ url: '/graphql', headers: { accept: 'text/html', ...UA } });
    assert.is(res.statusCode === 200 && /graphiql/i.test(res.body), expected, env);
    for (const query of ['{ __schema { queryType { name } } }', '{ __type(name: "Company") { name } }', getIntrospectionQuery()]) {
      const intro = json(await t.app.inject({ method: 'POST', url: '/graphql', payload: { query }, headers: UA }));
      if (expected) assert.not.ok(intro.errors, `${env}: ${JSON.stringify(intro.errors)}`);
      else assert.equal([intro.data, intro.errors?.[0]?.extensions?.code], [undefined, 'GRAPHQL_VALIDATION_FAILED'], `${env}: ${JSON.stringify(intro)}`);
    }
    // __typename is not introspection: it answers everywhere.
    const typename = json(await t.app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ __typename }' }, headers: UA }));
    assert.equal(typename, { data: { __typename: 'Query' } }, env);
    await t.close();
  }
});

graphiql.run();
