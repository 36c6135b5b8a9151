/**
 * The rich messages' modules that the stream's file (`../stream/`) uses, handed over as the
 * widget's code hands over its own (see `../../script-tag/shared-modules.ts`): the rich messages'
 * build (`--mode rich`) writes this module anew, so that it leaves the exports listed in
 * `tools/build-plugins.ts` (`RICH_MODULES`) under a registered symbol of this version, which the
 * stream's file reads by position. Elsewhere (npm, tests) nothing is handed over.
 */
export {};
