import { css } from '@linaria/core';
import { useId } from 'react';
import { CopyButton } from './CopyButton';

const box = css`
  display: flex;
  flex-direction: column;
  gap: 2px;
  padding: 10px 12px;
  border: 1px solid var(--oja-border, #e3e8ef);
  border-radius: var(--oja-radius-button, 8px);
  text-align: left;
`;
const labelText = css`
  color: var(--oja-muted, #5b6577);
  font-size: 13px;
`;
// A value too long for one line with its button puts the button under it rather than breaking the value.
const row = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px 12px;
`;
const valueText = css`
  min-width: 0;
  /* The header amount's size and weight (README, "the first screen's type"). */
  font-size: 20px;
  font-weight: 700;
  line-height: 1.25;
  font-variant-numeric: tabular-nums;
  overflow-wrap: break-word;
`;

export interface CopyValueProps {
  /** What the value is ("Account number"), shown above it. Already translated. */
  label: string;
  /** The value, shown large in tabular figures and put on the clipboard. */
  value: string;
  /** What is copied, for the button's accessible name ("Copy {what}"). Already translated; default the label. */
  what?: string;
  /** The value's test id, for the tests that read it. */
  testId?: string;
}

/**
 * A value the payer copies (an account number, a dial code, a five-digit code): its label, the value in large
 * tabular type, and the copy button (44 px) beside it. One look on every screen that asks the payer to copy.
 */
export function CopyValue({ label, value, what, testId }: CopyValueProps) {
  const labelId = useId();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a labelled group of a value and its copy button, not a form section (a fieldset).
    <div className={box} role="group" aria-labelledby={labelId}>
      <span id={labelId} className={labelText}>
        {label}
      </span>
      <div className={row}>
        <span className={valueText} data-testid={testId}>
          {value}
        </span>
        <CopyButton value={value} what={what ?? label} />
      </div>
    </div>
  );
}
