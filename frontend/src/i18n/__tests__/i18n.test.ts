import { addBundle, translator } from '../translate';
import { bundlesFor, ensureNamespaces, getT } from '../i18n';

describe('i18n', () => {
  test('a missing key shows the key itself and logs a warning (docs/product.md §2, §8)', async () => {
    await ensureNamespaces('en', ['common']);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const t = getT('en') as unknown as (key: string) => string;
    expect(t('nav.doesNotExist')).toBe('nav.doesNotExist');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('nav.doesNotExist'));
    warn.mockRestore();
  });

  test('each language has its own strings; only requested namespaces are loaded', async () => {
    await ensureNamespaces('es', ['common', 'donate']);
    expect(getT('es')('nav.donate')).toBe('Donar');
    expect(bundlesFor('es', ['donate']).donate).toBeDefined();
    expect(bundlesFor('es', ['team']).team).toBeUndefined();
    expect(bundlesFor('nl', ['donate']).donate).toBeUndefined();
  });

  test('placeholders, plurals by the language rules, another namespace, lists', async () => {
    await ensureNamespaces('nl', ['common', 'manageDonation']);
    const t = getT('nl', 'manageDonation');
    expect(t('gift.pause.option', { count: 1 })).toBe('1 maand');
    expect(t('gift.pause.option', { count: 3 })).toBe('3 maanden');
    expect(t('common:nav.donate')).toBe('Doneer');
    expect(getT('nl')('footer.copyright', { year: 2026, name: 'Stichting X' })).toContain('2026 Stichting X');

    addBundle('en', 'team', { values: { items: ['one', 'two'] }, hello: 'Hi {{name}}, {{name}}!' });
    const team = translator('en', 'team') as unknown as (key: string, options?: object) => unknown;
    expect(team('values.items', { returnObjects: true })).toEqual(['one', 'two']);
    // Every occurrence is filled; a placeholder without a value stays visible rather than vanishing.
    expect(team('hello', { name: 'Eva' })).toBe('Hi Eva, Eva!');
    expect(team('hello')).toBe('Hi {{name}}, {{name}}!');
  });
});
