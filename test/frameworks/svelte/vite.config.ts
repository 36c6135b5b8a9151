import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  base: '/svelte/',
  plugins: [svelte()],
  build: { outDir: '../dist/svelte', emptyOutDir: true },
  logLevel: 'warn',
});
