import { css } from '@linaria/core';
import { useState } from 'react';
import { registerMessages, useT } from '../i18n';
import type { MessageBundle } from '../i18n';
import { link } from '../ui/styles';
import { Field } from './Field';
import type { FieldProps } from './Field';

/** The toggle's words (SHOW/HIDE as spec core §2 and companion §2 write them). */
export const passwordMessages: MessageBundle = {
  en: { core: { password: { show: 'SHOW', hide: 'HIDE', showLabel: 'Show password', hideLabel: 'Hide password' } } },
  fr: { core: { password: { show: 'AFFICHER', hide: 'MASQUER', showLabel: 'Afficher le mot de passe', hideLabel: 'Masquer le mot de passe' } } },
};

registerMessages(passwordMessages);

/** A 44 px target whatever the word (HIDE is narrower). */
const toggle = css`
  min-width: 44px;
`;

export type PasswordFieldProps = Omit<FieldProps, 'type' | 'adornment'>;

/**
 * A password or PIN field with its SHOW/HIDE toggle (the wallet's and pay on credit's sign-ins, spec core §2 and
 * companion §2): hidden by default; the toggle is a pressed-state button named for what it does.
 */
export function PasswordField({ autoComplete = 'current-password', ...props }: PasswordFieldProps) {
  const t = useT();
  const [visible, setVisible] = useState(false);
  return (
    <Field
      {...props}
      type={visible ? 'text' : 'password'}
      autoComplete={autoComplete}
      adornment={
        <button
          type="button"
          className={`${link} ${toggle}`}
          aria-pressed={visible}
          aria-label={t(visible ? 'core.password.hideLabel' : 'core.password.showLabel')}
          onClick={() => setVisible((v) => !v)}
        >
          {t(visible ? 'core.password.hide' : 'core.password.show')}
        </button>
      }
    />
  );
}
