/**
 * The rich messages' modules that the streams' file (`../stream/`) uses, handed over as the
 * widget's code hands over its own (see `../../script-tag/shared-modules.ts`): the rich messages'
 * build (`--mode rich`) writes this module anew, so that it leaves the exports listed in
 * `tools/build-plugins.ts` (`RICH_MODULES`) under a registered symbol of this version, which the
 * streams' file reads by position. The two are fetched together: the streams' file waits for this
 * hand-over if it runs first. Elsewhere (npm, tests) nothing is handed over.
 */
export {};
