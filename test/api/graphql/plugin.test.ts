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

mask('a resolved value that fails its own type is masked as internal; input that fails its type is BAD_REQUEST', () => {
  const serialise = new GraphQLError('Float cannot represent non numeric value: NaN');
  const output = maskGraphqlError(new GraphQLError(serialise.message, { originalError: serialise, path: ['company', 'quote', 'price'] }), 'Unexpected error.');
  assert.equal([output.message, output.extensions.code], ['Unexpected error.', 'INTERNAL_SERVER_ERROR']);
  const coerce = new GraphQLError('Int cannot represent non-integer value: 1.5');
  const input = maskGraphqlError(new GraphQLError(`Variable "$n" got invalid value 1.5; ${coerce.message}`, { originalError: coerce }), 'Unexpected error.');
  assert.equal(input.extensions.code, 'BAD_REQUEST');
  const paging = new GraphQLError('Argument "first" must be a non-negative integer');
  const args = maskGraphqlError(new GraphQLError(paging.message, { originalError: paging, path: ['borrowers'] }), 'Unexpected error.');
  assert.equal(args.extensions.code, 'BAD_REQUEST');
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

// ---

const transport = suite('GraphQL transport refusals');

transport('a body or Accept /graphql cannot use is a 4xx with a message, never an empty or "null" body', async () => {
  const t = await sampleApp({ jobs: ['companies'] });
  const UA = { 'user-agent': 'almanac-graphql-test/1.0 (tests@example.com)' };
  try {
    // Media types: the same { error } as every other JSON route (text/plain reached yoga: 415 `null`).
    for (const type of ['text/plain', 'text/plain; charset=utf-8', 'application/xml']) {
      const res = await t.app.inject({ method: 'POST', url: '/graphql', payload: '{"query":"{ __typename }"}', headers: { 'content-type': type, ...UA } });
      assert.is(res.statusCode, 415, type);
      assert.equal(json(res), { error: 'unsupported Content-Type: send application/json' }, type);
    }
    // An Accept header /graphql cannot answer (yoga: 406 `null`), on GET and POST.
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({ method, url: method === 'GET' ? '/graphql?query=%7B__typename%7D' : '/graphql', ...(method === 'POST' ? { payload: { query: '{ __typename }' } } : {}), headers: { accept: 'application/xml', ...UA } });
      assert.is(res.statusCode, 406, method);
      assert.match(json(res).error, /application\/json/, method);
    }
    // The types the 406 names are the ones served: an event stream and a multipart answer too.
    const named = [...String(json(await t.app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ __typename }' }, headers: { accept: 'application/xml', ...UA } })).error).matchAll(/(?:application|text|multipart)\/[a-z+-]+/g)].map((m) => m[0]);
    assert.equal(named, ['application/json', 'application/graphql-response+json', 'text/event-stream', 'multipart/mixed', 'application/json']);
    for (const accept of named) {
      const res = await t.app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ __typename }' }, headers: { accept, ...UA } });
      assert.is(res.statusCode, 200, accept);
      assert.match(String(res.headers['content-type']), accept, accept);
      assert.match(res.body, '"__typename":"Query"', accept);
    }
    // JSON that is not a request object (yoga called `{}` "invalid JSON" and showed its SyntaxError).
    for (const payload of ['{}', '[]', 'null', '1', '"x"', 'true']) {
      const res = await t.app.inject({ method: 'POST', url: '/graphql', payload, headers: { 'content-type': 'application/json', ...UA } });
      assert.is(res.statusCode, 400, payload);
      const body = json(res);
      assert.equal(body.errors?.[0]?.extensions, { code: 'BAD_REQUEST' }, `${payload}: ${res.body}`);
      assert.match(body.errors[0].message, /"query"/, payload);
      assert.not.match(res.body, /SyntaxError|originalError/, payload);
    }
    // A spelling the router matches as /graphql is served as /graphql (yoga compared the raw
    // path and answered 404 to `/%67raphql` after the router, limits and metering took it as /graphql).
    for (const url of ['/%67raphql', '/graphq%6C', '/graphql/']) {
      const res = await t.app.inject({ method: 'POST', url, payload: { query: '{ __typename }' }, headers: UA });
      assert.equal([res.statusCode, json(res)], [200, { data: { __typename: 'Query' } }], url);
    }
    assert.equal(json(await t.app.inject({ url: '/%67raphql?query=%7B__typename%7D', headers: { accept: 'application/json', ...UA } })), { data: { __typename: 'Query' } });
    // What worked keeps working.
    assert.equal(json(await t.app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ __typename }' }, headers: UA })), { data: { __typename: 'Query' } });
    assert.equal(json(await t.app.inject({ url: '/graphql?query=%7B__typename%7D', headers: { accept: 'application/json', ...UA } })), { data: { __typename: 'Query' } });
  } finally {
    await t.close();
  }
});

transport.run();

// ---

const malformed = suite('requests GraphQL cannot run');

malformed('a request without a document is a 400 BAD_REQUEST; a missing variable is a 400 BAD_REQUEST', async () => {
  const t = await sampleApp({ jobs: ['companies'] });
  try {
    const UA = { 'user-agent': 'almanac-graphql-test/1.0' };
    const post = (payload: string) => t.app.inject({ method: 'POST', url: '/graphql', payload, headers: { ...UA, 'content-type': 'application/json' } });
    // An attacker pass found these answered 200 (yoga's "Must provide query string.").
    for (const res of [await post('{"query":null}'), await post('{"extensions":{"persistedQuery":{"version":1,"sha256Hash":"abc"}}}'), await t.app.inject({ url: '/graphql', headers: UA })]) {
      assert.is(res.statusCode, 400, res.body);
      const [error] = json(res).errors;
      assert.is(error.extensions.code, 'BAD_REQUEST');
      assert.match(error.message, 'missing "query"');
    }
    const missing = await post('{"query":"query($t: String!) { company(ticker: $t) { ticker } }"}');
    assert.is(missing.statusCode, 400);
    assert.is(json(missing).errors[0].extensions.code, 'BAD_REQUEST');
    const ok = await t.app.inject({ url: '/graphql?query=%7B__typename%7D', headers: UA });
    assert.equal(json(ok), { data: { __typename: 'Query' } });
  } finally {
    await t.close();
  }
});

malformed.run();
