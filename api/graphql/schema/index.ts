/** The GraphQL schema: side-effect imports of every domain file, then the built schema. */
import { builder } from '../builder.ts';
import './scalars.ts';
import './fundamentals.ts';
import './company.ts';
import './filing.ts';
import './institutions.ts';
import './funds.ts';
import './credit.ts';
import './macro.ts';
import './learn.ts';
import './me.ts';

export const schema = builder.toSchema({ sortSchema: true });
