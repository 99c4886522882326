import { css } from '@linaria/core';
import { useId } from 'react';
import type { InputHTMLAttributes, ReactNode } from 'react';

/** Form looks shared by every channel's forms, on the branding's custom properties (off the initial route). */
export const fieldStyles = {
  field: css`
    display: flex;
    flex-direction: column;
    gap: 4px;
    min-width: 0;
    flex: 1;
  `,
  label: css`
    font-size: 14px;
    font-weight: 600;
  `,
  input: css`
    width: 100%;
    min-height: 46px;
    padding: 10px 12px;
    border: 1px solid var(--oja-border, #cfd6e0);
    border-radius: var(--oja-radius-button, 8px);
    background: var(--oja-surface, #fff);
    color: inherit;
    font: inherit;
    font-size: 16px;
    &[aria-invalid='true'] { border-color: var(--oja-danger, #b42318); }
    &:focus-visible { outline: 3px solid var(--oja-focus, #1f6feb); outline-offset: 1px; }
  `,
  row: css`
    display: flex;
    gap: 12px;
    align-items: flex-start;
  `,
  hint: css`
    color: var(--oja-muted, #5b6577);
    font-size: 13px;
  `,
  error: css`
    color: var(--oja-danger, #b42318);
    font-size: 13px;
    margin: 0;
  `,
  adornment: css`
    position: relative;
    display: flex;
    align-items: center;
    > input { padding-right: 64px; }
    > :last-child:not(input) { position: absolute; right: 8px; }
  `,
};

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  /** Already translated. */
  label: string;
  /** Already translated validation message; shown under the field and announced. */
  error?: string | null;
  /** Already translated help under the field. */
  hint?: ReactNode;
  /** Shown inside the field, on its right (the card brand, a SHOW/HIDE toggle). */
  adornment?: ReactNode;
  /** The id of the <input>; generated when omitted. */
  inputId?: string;
}

/** A labelled input with its hint and its validation message tied by aria-describedby. */
export function Field({ label, error, hint, adornment, inputId, ...input }: FieldProps) {
  const auto = useId();
  const id = inputId ?? `f${auto.replace(/:/g, '')}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const described = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const control = <input {...input} id={id} className={fieldStyles.input} aria-invalid={error ? true : undefined} aria-describedby={described} />;
  return (
    <div className={fieldStyles.field}>
      <label className={fieldStyles.label} htmlFor={id}>
        {label}
      </label>
      {adornment ? (
        <div className={fieldStyles.adornment}>
          {control}
          {adornment}
        </div>
      ) : (
        control
      )}
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
