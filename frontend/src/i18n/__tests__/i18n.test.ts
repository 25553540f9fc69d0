import { ensureNamespaces, getI18n } from '../i18n';

describe('i18n', () => {
  test('a missing key shows the key itself and logs a warning (docs/product.md §2, §8)', async () => {
    await ensureNamespaces('en', ['common']);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const t = getI18n('en').getFixedT('en', 'common') as unknown as (key: string) => string;
    expect(t('nav.doesNotExist')).toBe('nav.doesNotExist');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('nav.doesNotExist'));
    warn.mockRestore();
  });

  test('each language has its own instance; only requested namespaces are loaded', async () => {
    await ensureNamespaces('es', ['common', 'donate']);
    expect(getI18n('es').t('nav.donate')).toBe('Donar');
    expect(getI18n('es').hasResourceBundle('es', 'donate')).toBe(true);
    expect(getI18n('es').hasResourceBundle('es', 'team')).toBe(false);
    expect(getI18n('nl').hasResourceBundle('nl', 'donate')).toBe(false);
  });
});
