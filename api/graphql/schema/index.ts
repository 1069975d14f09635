/** The GraphQL schema: side-effect imports of every domain file, then the built schema. */
import { applyAccess } from '../access.ts';
import { builder } from '../builder.ts';
import { guardConnections } from '../connections.ts';
import './scalars.ts';
import './provenance.ts';
import './fundamentals.ts';
import './company.ts';
import './filing.ts';
import './institutions.ts';
import './funds.ts';
import './credit.ts';
import './macro.ts';
import './learn.ts';
import './me.ts';

// Page arguments and cursors of every connection are checked by one wrapper (connections.ts); every
// field that reads or changes data runs its capability's access rule first (api/graphql/access.ts).
export const schema = applyAccess(guardConnections(builder.toSchema({ sortSchema: true })));
