/** The package version (kept equal to package.json's by a test): `Flowbot.version`. */
export const version = '0.1.0';
