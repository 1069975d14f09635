/** Handlers of the glossary and LEARN tools (schema/mcp/learn.ts). */
import { findGlossaryTerm, glossaryTopics, searchGlossary } from '../../../schema/glossary.ts';
import type { GLOSSARY_TOOLS } from '../../../schema/mcp/learn.ts';
import { NotFoundError } from '../../errors.ts';
import type { HandlerMap } from '../context.ts';

export const glossaryHandlers: HandlerMap<typeof GLOSSARY_TOOLS> = {
  search_glossary: async ({ q, topic }) => searchGlossary(q, topic).map(({ slug, term, topic: t, short }) => ({ slug, term, topic: t, short })),
  get_glossary_term: async ({ slug }) => {
    const found = findGlossaryTerm(slug);
    if (!found) throw new NotFoundError(`no glossary term ${slug}: try search_glossary`);
    return found;
  },
  list_glossary_topics: async () => glossaryTopics(),
};
