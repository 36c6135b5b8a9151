import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** @type {import('next').NextConfig} */
export default {
  // The apps share test/frameworks/node_modules.
  turbopack: { root },
  outputFileTracingRoot: root,
};
