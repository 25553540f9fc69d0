import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { languageFromPath } from '@stichting/contracts';
import { ensureNamespaces, getT } from '../i18n/i18n';
import { TranslationProvider } from '../i18n/react';

/** Renders UI inside a data router at `path`, with that path's language and its 'common' strings loaded. */
export async function renderAt(path: string, ui: ReactNode) {
  const language = languageFromPath(path);
  await ensureNamespaces(language, ['common']);
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const result = render(
    <TranslationProvider language={language}>
      <RouterProvider router={router} />
    </TranslationProvider>,
  );
  return { ...result, router, t: getT(language) };
}
