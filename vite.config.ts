// Vite build of the React single-page app in src/web; the Fastify server serves dist/web.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { aliases } from './vitest.config.ts';

export default defineConfig({
  root: 'src/web',
  plugins: [react()],
  resolve: { alias: aliases },
  build: { outDir: '../../dist/web', emptyOutDir: true, chunkSizeWarningLimit: 2000 },
  server: { proxy: { '/api': 'http://localhost:8080', '/auth': 'http://localhost:8080' } },
});
