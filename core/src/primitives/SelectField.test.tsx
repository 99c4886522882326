import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { SelectField } from './SelectField';
import { fieldStyles } from './Field';

const BANKS = (
  <>
    <option value="058">Guaranty Trust Bank</option>
    <option value="044">Access Bank</option>
  </>
);

describe('SelectField', () => {
  it('is a native select named by its label, with the placeholder first and an empty value', () => {
    render(
      <SelectField label="Choose your bank" placeholder="Select your bank" value="" onChange={() => {}}>
        {BANKS}
      </SelectField>,
    );
    const select = screen.getByRole('combobox', { name: 'Choose your bank' }) as HTMLSelectElement;
    expect(select.tagName).toBe('SELECT');
    expect(select.value).toBe('');
    expect([...select.options].map((o) => [o.value, o.textContent])).toEqual([
      ['', 'Select your bank'],
      ['058', 'Guaranty Trust Bank'],
      ['044', 'Access Bank'],
    ]);
    expect(select.className).toContain(fieldStyles.input);
    expect(select.getAttribute('aria-invalid')).toBeNull();
    expect(select.getAttribute('aria-describedby')).toBeNull();
  });

  it('has no placeholder option unless asked', () => {
    render(
      <SelectField label="Bank" defaultValue="044">
        {BANKS}
      </SelectField>,
    );
    const select = screen.getByRole('combobox', { name: 'Bank' }) as HTMLSelectElement;
    expect(select.options).toHaveLength(2);
    expect(select.value).toBe('044');
  });

  it('ties its hint and its error to the select, marks it invalid and announces the error', () => {
    render(
      <SelectField label="Choose your bank" selectId="bank" hint="The bank whose account pays" error="Select your bank" value="" onChange={() => {}}>
        {BANKS}
      </SelectField>,
    );
    const select = screen.getByRole('combobox', { name: 'Choose your bank' });
    expect(select.id).toBe('bank');
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(select.getAttribute('aria-describedby')).toBe('bank-hint bank-error');
    expect(document.getElementById('bank-hint')?.textContent).toBe('The bank whose account pays');
    const alert = screen.getByRole('alert');
    expect(alert.id).toBe('bank-error');
    expect(alert.textContent).toBe('Select your bank');
  });

  it('passes the select its own attributes and reports changes', () => {
    const onChange = vi.fn();
    render(
      <SelectField label="Bank" name="bankCode" required value="" onChange={onChange} placeholder="Select">
        {BANKS}
      </SelectField>,
    );
    const select = screen.getByRole('combobox', { name: 'Bank' }) as HTMLSelectElement;
    expect(select.name).toBe('bankCode');
    expect(select.required).toBe(true);
    fireEvent.change(select, { target: { value: '058' } });
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('hands its ref to the select, so a form can move focus to it', () => {
    const ref = createRef<HTMLSelectElement>();
    render(
      <SelectField label="Bank" ref={ref}>
        {BANKS}
      </SelectField>,
    );
    expect(ref.current).toBe(screen.getByRole('combobox', { name: 'Bank' }));
  });

  it('gives two fields different generated ids', () => {
    render(
      <>
        <SelectField label="One">{BANKS}</SelectField>
        <SelectField label="Two" error="Wrong">
          {BANKS}
        </SelectField>
      </>,
    );
    const one = screen.getByRole('combobox', { name: 'One' });
    const two = screen.getByRole('combobox', { name: 'Two' });
    expect(one.id).toMatch(/^[a-zA-Z0-9_-]+$/);
    expect(one.id).not.toBe(two.id);
    expect(two.getAttribute('aria-describedby')).toBe(`${two.id}-error`);
  });
});
