import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { languageFromPath } from '@stichting/contracts';
import { ensureNamespaces, getI18n } from '../i18n/i18n';

/** Renders UI inside a data router at `path`, with that path's language and its 'common' strings loaded. */
export async function renderAt(path: string, ui: ReactNode) {
  const language = languageFromPath(path);
  await ensureNamespaces(language, ['common']);
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const result = render(
    <I18nextProvider i18n={getI18n(language)}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return { ...result, router, t: getI18n(language).getFixedT(language, 'common') };
}
