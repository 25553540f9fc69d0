import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { LIMITS } from '@stichting/contracts';
import { bindFields, ChoiceGroup, SelectField, TextField } from '..';

interface Values {
  email: string;
  message: string;
  helpType: 'food' | 'housing' | '';
  source: 'google' | 'friend' | '';
  skills: ('cooking' | 'driving')[];
}

const ERRORS: Partial<Record<keyof Values, string>> = { email: 'Please enter a valid email address.' };

/** A small form declared the way the site's four forms are: one line of props per field. */
function Form({ errors = ERRORS }: { errors?: Partial<Record<keyof Values, string>> }) {
  const [values, setValues] = useState<Values>({ email: '', message: '', helpType: '', source: '', skills: [] });
  const bind = bindFields(values, (name, value) => setValues((current) => ({ ...current, [name]: value })), errors);
  return (
    <form>
      <TextField {...bind('email')} label="Email address" hint="We only use it to reply." required kind="email" />
      <TextField {...bind('message')} label="Message" optionalLabel="(optional)" rows={4} maxLength={LIMITS.message} />
      <SelectField
        {...bind('helpType')}
        label="Type of help"
        required
        placeholder="Choose..."
        options={['food', 'housing'] as const}
        optionLabel={(type) => type.toUpperCase()}
      />
      <SelectField
        {...bind('source')}
        label="How did you hear about us?"
        placeholder="Choose..."
        options={['google', 'friend'] as const}
        optionLabel={(source) => source}
      />
      <ChoiceGroup
        type="checkbox"
        {...bind('skills')}
        legend="Skills"
        choices={[
          { value: 'cooking', label: 'Cooking' },
          { value: 'driving', label: 'Driving' },
        ]}
      />
      <output>{JSON.stringify(values)}</output>
    </form>
  );
}

const described = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);

describe('shared form fields (label, control, hint, error and their ARIA wiring written once)', () => {
  test('a required one-line field: label with marker, type and limit of its kind, hint and error read with it', () => {
    render(<Form />);
    const email = screen.getByLabelText<HTMLInputElement>(/^Email address/);
    expect([email.tagName, email.type, email.name, email.maxLength, email.required]).toEqual([
      'INPUT',
      'email',
      'email',
      LIMITS.email,
      true,
    ]);
    expect(email.labels?.[0].textContent).toBe('Email address *');
    expect(email.labels?.[0].querySelector('[aria-hidden="true"]')?.textContent).toBe(' *');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(described(email)).toEqual(['We only use it to reply.', 'Please enter a valid email address.']);
  });

  test('rows make a text box; an optional field says so and is neither required nor invalid', () => {
    render(<Form />);
    const message = screen.getByLabelText<HTMLTextAreaElement>(/^Message/);
    expect([message.tagName, message.rows, message.maxLength, message.required]).toEqual([
      'TEXTAREA',
      4,
      LIMITS.message,
      false,
    ]);
    expect(message.labels?.[0].textContent).toBe('Message (optional)');
    expect(message.hasAttribute('aria-invalid')).toBe(false);
    expect(message.hasAttribute('aria-describedby')).toBe(false);
  });

  test('a required list cannot go back to its placeholder; an optional one can', () => {
    render(<Form />);
    const helpType = screen.getByLabelText<HTMLSelectElement>(/^Type of help/);
    const source = screen.getByLabelText<HTMLSelectElement>(/^How did you hear/);
    expect([...helpType.options].map((option) => [option.value, option.text, option.disabled])).toEqual([
      ['', 'Choose...', true],
      ['food', 'FOOD', false],
      ['housing', 'HOUSING', false],
    ]);
    expect([...source.options].map((option) => option.disabled)).toEqual([false, false, false]);
    expect([helpType.required, source.required]).toEqual([true, false]);
  });

  test('typing, choosing and ticking reach the form state through bind', () => {
    render(<Form errors={{}} />);
    fireEvent.input(screen.getByLabelText(/^Email address/), { target: { value: 'a@example.org' } });
    fireEvent.input(screen.getByLabelText(/^Message/), { target: { value: 'Hello' } });
    fireEvent.change(screen.getByLabelText(/^Type of help/), { target: { value: 'housing' } });
    fireEvent.click(screen.getByLabelText('Driving'));
    expect(JSON.parse(screen.getByRole('status').textContent ?? '')).toEqual({
      email: 'a@example.org',
      message: 'Hello',
      helpType: 'housing',
      source: '',
      skills: ['driving'],
    });
    expect(screen.getByLabelText(/^Email address/).hasAttribute('aria-invalid')).toBe(false);
  });

  test('a tick reported twice (a choice made before hydration, made again after it) lists the choice once', () => {
    render(<Form errors={{}} />);
    const driving = screen.getByLabelText('Driving');
    fireEvent.click(driving);
    fireEvent.change(driving, { target: { checked: true } });
    expect(JSON.parse(screen.getByRole('status').textContent ?? '').skills).toEqual(['driving']);
    fireEvent.click(driving);
    expect(JSON.parse(screen.getByRole('status').textContent ?? '').skills).toEqual([]);
  });
});
