import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const contractsSource = fileURLToPath(new URL('../contracts/src/index.ts', import.meta.url));

/**
 * Client build -> build/ (hashed assets under build/assets, manifest for scripts/size.mjs and the prerender step).
 * The SSR build (`vite build --ssr src/entry-server.tsx --outDir dist-ssr`) reuses this config.
 * Contracts are compiled from source so the client bundle tree-shakes them (their dist is CommonJS).
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  resolve: { alias: { '@stichting/contracts': contractsSource } },
  build: isSsrBuild
    ? { outDir: 'dist-ssr', emptyOutDir: true, ssrManifest: false }
    : {
        outDir: 'build',
        emptyOutDir: true,
        manifest: true,
        target: 'es2022',
        // Every browser we support has <link rel="modulepreload">; the polyfill would only cost bytes.
        modulePreload: { polyfill: false },
      },
  ssr: { noExternal: ['@stichting/contracts'] },
  server: { proxy: { '/api': 'http://localhost:3000' } },
}));
