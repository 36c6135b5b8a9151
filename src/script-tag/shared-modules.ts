/**
 * The widget code's modules that its on-demand files use, handed over as Lit is (see
 * `on-demand-file.ts`): the widget's build (`--mode main`) writes this module anew, so that it leaves
 * the exports listed in `tools/build-plugins.ts` (`SHARED_MODULES`) under a registered symbol of this
 * version, one array in that order, which those files read by position. Elsewhere (npm, tests)
 * nothing is handed over: the on-demand parts are ordinary modules there.
 */
export {};
