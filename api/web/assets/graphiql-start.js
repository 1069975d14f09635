/*
 * Starts GraphiQL (development only; api/graphql/graphiql.ts). A file, not an inline script, so the
 * page's Content-Security-Policy admits scripts from this origin only. A signed-in browser session
 * must send X-CSRF-Token with GraphQL requests (README, GraphQL), so the token is fetched first;
 * an API key can be added in GraphiQL's headers editor as {"X-API-Key": "..."}.
 */
(function () {
  'use strict';
  var root = document.getElementById('graphiql');
  var endpoint = root.getAttribute('data-endpoint') || '/graphql';
  var example =
    '# Almanac GraphQL. Schema (SDL): ' + (root.getAttribute('data-sdl') || '/graphql/schema.graphql') + '\n' +
    '# Without a key you get the anonymous tier; add {"X-API-Key": "<your key>"} under Headers.\n' +
    '{\n  company(ticker: "AAPL") {\n    name\n    quote { date current changePercent }\n    prices(interval: month, first: 6) { edges { node { date close volume } } }\n    corporateActions { dividends { date amount } splits { date ratio } }\n  }\n}\n';
  function start(headers) {
    var fetcher = GraphiQL.createFetcher({ url: endpoint, headers: headers });
    ReactDOM.createRoot(root).render(React.createElement(GraphiQL, { fetcher: fetcher, defaultQuery: example, defaultEditorToolsVisibility: true }));
  }
  fetch('/api/auth/csrf', { credentials: 'same-origin', headers: { accept: 'application/json' } })
    .then(function (res) { return res.ok ? res.json() : null; })
    .then(function (body) {
      var headers = {};
      if (body && body.csrfToken) headers[body.header || 'X-CSRF-Token'] = body.csrfToken;
      start(headers);
    })
    .catch(function () { start({}); });
})();
