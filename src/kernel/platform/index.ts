/**
 * The platform client: the one way an area calls the platform (docs/PLUGINS.md, "Calling the
 * platform"). Graph reads and writes are Bridge.graph (src/kernel/bridge/bridge.ts), batches runBatch
 * and next-link or cursor paging the helpers of src/kernel/graph/, web GraphQL graphqlOn/graphqlPost
 * (src/kernel/graph/graphql.ts); this folder adds the rest: id guards, token calls, web forms, readAll,
 * the loader's error and the recent-item record.
 */
export { asAccount, asAccountDigits, asBusiness, asNode, asPage, asPerson, asPixel } from './ids';
export { graphWith, readAll, loaderError, sendForm, webForm, parseFormJson, parseFormReply } from './client';
export type { CallOptions, GraphToken, TokenCall, ReadAllOptions, FormPost } from './client';
export { recordRecent } from './recent';
export { ID_FORMATS, ID_KINDS, hostProblemKey, pastedWordKey, pastedWordKeys, idsOf, isIdFormat, isPastedList, needsLookup, pastedFormatOf, readEntry, readPasted, recognise, NAMES_READ } from './pasted';
export type { IdFormat, IdKinds, PastedWord, PastedFormat, PastedLine, PastedProblem, PastedProperty, Recognised, RecogniseOptions } from './pasted';
export { fillName, findProblems, namesCurrentName, patternFieldProblems, positionOf, regexProblem, replaceInName, templateProblems, MAX_INDEX_WIDTH } from './name-pattern';
export type { FindReplace, NameFields, PatternProblem, PatternRole } from './name-pattern';
