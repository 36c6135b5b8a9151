import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  base: '/react/',
  plugins: [react()],
  build: { outDir: '../dist/react', emptyOutDir: true },
  logLevel: 'warn',
});
