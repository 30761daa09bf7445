import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const server = 'http://127.0.0.1:3100';

export default defineConfig({
  plugins: [
    react(),
    // Precompressed beside each file (file.js.br, file.js.gz): the server sends the one the
    // browser accepts without compressing on every request (apps/server/src/web-assets.ts).
    compression({
      algorithms: [defineAlgorithm('gzip', { level: 9 }), 'brotliCompress'],
      logLevel: 'silent',
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rollupOptions: {
      // The contracts' modules only declare schemas: the ones the web app never imports
      // (MQTT, telemetry, history...) are left out of the bundle.
      treeshake: { moduleSideEffects: (id) => !id.includes('/packages/contracts/') },
    },
  },
  server: {
    proxy: {
      '/api': server,
      '/healthz': server,
      '/socket.io': { target: server, ws: true },
    },
  },
});
