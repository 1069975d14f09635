/** MCP tools: the glossary and the LEARN curriculum. */
import { z } from 'zod';
import { GlossarySlugParams } from '../glossary.ts';
import { defineTools } from './tool.ts';

export const GLOSSARY_TOOLS = defineTools('learn', {
  search_glossary: {
    capability: 'glossary_search',
    title: 'Search the glossary',
    description: 'Search ~1,400 finance terms by name, alias or definition words; optional topic.',
    input: z.object({ q: z.string().trim().max(100).optional(), topic: z.string().trim().max(40).optional() }),
    output: '{slug,term,topic,short}[]',
    list: true,
  },
  get_glossary_term: {
    capability: 'glossary_term',
    title: 'Glossary term',
    description: 'One term by slug, name or alias: definition, explanation, formula, related terms and where the API serves it.',
    input: GlossarySlugParams,
    output: '{slug,term,aka[],topic,short,explanation,formula,related[],servedAt[]}',
  },
  list_glossary_topics: {
    capability: 'glossary_topics',
    title: 'Glossary topics',
    description: 'Glossary topics with their term counts.',
    output: '{topic,count}[]',
  },
});
