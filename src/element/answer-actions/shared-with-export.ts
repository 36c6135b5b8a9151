/**
 * The answers' modules that the export's file (`../transcript-export/`) uses, handed over as the
 * widget's code hands over its own (see `../../script-tag/shared-modules.ts`): the answers' build
 * (`--mode answers`) writes this module anew, so that it leaves the exports listed in
 * `tools/build-plugins.ts` (`ANSWERS_MODULES`) under a registered symbol of this version, which the
 * export's file reads by position. Elsewhere (npm, tests) nothing is handed over.
 */
export {};
