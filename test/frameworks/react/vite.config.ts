import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  base: '/react/',
  plugins: [react()],
  build: {
    outDir: '../dist/react',
    emptyOutDir: true,
    // Two pages: the whole widget at once (index.html), and the light entry (light.html).
    rolldownOptions: {
      input: { index: resolve(import.meta.dirname, 'index.html'), light: resolve(import.meta.dirname, 'light.html') },
    },
  },
  logLevel: 'warn',
});
