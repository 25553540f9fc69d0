import { emptyAgreement, toAgreementRequest, validateAgreement, type AgreementValues } from '../agreementForm';

const TODAY = new Date(2026, 10, 27);
const FILLED: AgreementValues = {
  ...emptyAgreement('Nederland'),
  firstNames: 'Anna Maria',
  surname: 'de Vries',
  birthDate: '1980-04-02',
  birthPlace: 'Den Helder',
  street: 'Kerkstraat 1',
  postalCode: '1781 AA',
  city: 'Den Helder',
  email: 'anna@example.org',
  monthlyAmount: '250',
};

// docs/product.md §4.9: the browser refuses what the server would, before any call.
describe('the agreement form', () => {
  test('a complete form passes and becomes the request: cents, five years, this year, no partner', () => {
    expect(validateAgreement(FILLED, TODAY)).toEqual({});
    expect(toAgreementRequest({ ...FILLED, monthlyAmount: '7,50' }, TODAY)).toEqual(
      expect.objectContaining({ monthlyAmountCents: 750, termYears: 5, firstYear: 2026, endClauses: [] }),
    );
    expect(toAgreementRequest(FILLED, TODAY)).not.toHaveProperty('partner');
    expect(toAgreementRequest(FILLED, TODAY)).not.toHaveProperty('phone');
  });

  test('until death is a term of null, next year is next year', () => {
    const request = toAgreementRequest({ ...FILLED, term: 'death', firstYear: 'next' }, TODAY);
    expect([request.termYears, request.firstYear]).toEqual([null, 2027]);
  });

  test('a term under five years, or a broken one, is refused', () => {
    for (const termYears of ['4', '5.5', '51', 'tien']) {
      expect(validateAgreement({ ...FILLED, term: 'years', termYears }, TODAY).termYears?.code).toBe('termYears');
    }
    expect(validateAgreement({ ...FILLED, term: 'years', termYears: '7' }, TODAY)).toEqual({});
    expect(validateAgreement({ ...FILLED, term: 'years', termYears: '' }, TODAY).termYears?.code).toBe('required');
  });

  test('a monthly amount outside €5 to €10,000 or with three decimals is refused', () => {
    for (const monthlyAmount of ['4.99', '10000.01', '5.000', 'veel']) {
      expect(validateAgreement({ ...FILLED, monthlyAmount }, TODAY).monthlyAmount).toEqual({
        code: 'amount',
        min: 5,
        max: 10000,
      });
    }
    expect(validateAgreement({ ...FILLED, monthlyAmount: '10000' }, TODAY)).toEqual({});
  });

  test('dates of birth must be real days, and the signer at least 18', () => {
    expect(validateAgreement({ ...FILLED, birthDate: '1980-02-30' }, TODAY).birthDate?.code).toBe('date');
    expect(validateAgreement({ ...FILLED, birthDate: '2008-11-28' }, TODAY).birthDate?.code).toBe('tooYoung');
    expect(validateAgreement({ ...FILLED, birthDate: '2008-11-27' }, TODAY)).toEqual({});
  });

  test('a partner needs every detail and an email address of their own', () => {
    const withPartner = { ...FILLED, hasPartner: true };
    expect(Object.keys(validateAgreement(withPartner, TODAY)).sort()).toEqual([
      'partnerBirthDate',
      'partnerBirthPlace',
      'partnerEmail',
      'partnerFirstNames',
      'partnerSurname',
    ]);
    const partner = {
      ...withPartner,
      partnerFirstNames: 'Jan',
      partnerSurname: 'de Vries',
      partnerBirthDate: '1979-01-01',
      partnerBirthPlace: 'Utrecht',
      partnerEmail: 'ANNA@example.org',
    };
    expect(validateAgreement(partner, TODAY).partnerEmail?.code).toBe('partnerEmail');
    const fine = { ...partner, partnerEmail: 'jan@example.org' };
    expect(validateAgreement(fine, TODAY)).toEqual({});
    expect(toAgreementRequest(fine, TODAY).partner).toEqual({
      firstNames: 'Jan',
      surname: 'de Vries',
      birthDate: '1979-01-01',
      birthPlace: 'Utrecht',
      email: 'jan@example.org',
    });
  });

  test('texts longer than the server takes, or spanning lines, are refused', () => {
    expect(validateAgreement({ ...FILLED, surname: 'x'.repeat(101) }, TODAY).surname).toEqual({
      code: 'tooLong',
      max: 100,
    });
    expect(validateAgreement({ ...FILLED, city: 'Den\nHelder' }, TODAY).city?.code).toBe('singleLine');
    expect(validateAgreement({ ...FILLED, email: 'anna@example' }, TODAY).email?.code).toBe('email');
    expect(validateAgreement({ ...FILLED, phone: '12' }, TODAY).phone?.code).toBe('phone');
  });
});
