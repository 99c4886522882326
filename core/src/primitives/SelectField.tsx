import { css } from '@linaria/core';
import { useId } from 'react';
import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { fieldStyles } from './Field';

/** The native arrow stays (it is the platform's); only room for it and a pointer are added. */
const select = css`
  cursor: pointer;
  padding-right: 32px;
`;

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  /** Already translated. */
  label: string;
  /** Already translated validation message; shown under the field and announced. */
  error?: string | null;
  /** Already translated help under the field. */
  hint?: ReactNode;
  /** Already translated text of a first, empty-valued option ("Select your bank"); none when omitted. */
  placeholder?: string;
  /** The id of the <select>; generated when omitted. */
  selectId?: string;
  /** The <option> elements. */
  children?: ReactNode;
  /** The <select> itself (to move focus to it after a failed submit). */
  ref?: Ref<HTMLSelectElement>;
}

/**
 * A labelled native <select> with its hint and its validation message tied by aria-describedby, in the looks
 * of Field: the platform's own picker, which every keyboard, screen reader and phone already knows.
 */
export function SelectField({ label, error, hint, placeholder, selectId, children, ...rest }: SelectFieldProps) {
  const auto = useId();
  const id = selectId ?? `s${auto.replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={fieldStyles.field}>
      <label className={fieldStyles.label} htmlFor={id}>
        {label}
      </label>
      <select
        {...rest}
        id={id}
        className={`${fieldStyles.input} ${select}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {children}
      </select>
      {hint && (
        <span id={hintId} className={fieldStyles.hint}>
          {hint}
        </span>
      )}
      {error && (
        <p id={errorId} className={fieldStyles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
