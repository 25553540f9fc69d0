import { fireEvent, screen } from '@testing-library/react';
import { renderAt } from '../../../test/render';
import { AboutDropdown } from '../AboutDropdown';

describe('About dropdown (disclosure)', () => {
  async function setup() {
    const utils = await renderAt(
      '/en',
      <>
        <AboutDropdown />
        <p>outside</p>
      </>,
    );
    const button = await screen.findByRole('button', { name: 'About' });
    const menu = document.getElementById(button.getAttribute('aria-controls')!)!;
    return { ...utils, button, menu };
  }

  test('starts closed; activating the button toggles it (Enter and Space activate a native button)', async () => {
    const { button, menu } = await setup();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(menu.hidden).toBe(true);
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(menu.hidden).toBe(false);
    expect(screen.getByRole('link', { name: 'Our team' }).getAttribute('href')).toBe('/en/our-team');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  test('Escape closes it and returns focus to the button', async () => {
    const { button } = await setup();
    fireEvent.click(button);
    const link = screen.getByRole('link', { name: 'ANBI transparency' });
    link.focus();
    fireEvent.keyDown(link, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  test('a click outside closes it', async () => {
    const { button } = await setup();
    fireEvent.click(button);
    fireEvent.pointerDown(screen.getByText('outside'));
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  test('choosing a link closes it', async () => {
    const { button, router } = await setup();
    fireEvent.click(button);
    fireEvent.click(screen.getByRole('link', { name: 'Annual reports' }));
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(router.state.location.pathname).toBe('/en/annual-reports');
  });
});
