import { css } from '@linaria/core';
import { useId } from 'react';
import { styles, useT } from '@oja/core';
import { Dialog } from '@oja/core/dialog';
import type { Institution } from './api';

const list = css`
  margin: 12px 0 0;
  padding: 0;
  list-style: none;
  li { padding: 10px 2px; border-top: 1px solid var(--oja-border, #e3e8ef); }
`;

/** The popup of bank apps that accept the code (spec core §2 "Pay with App": a modal lists eligible bank apps). */
export function EligibleBanks({ institutions, onClose }: { institutions: readonly Institution[]; onClose(): void }) {
  const t = useT();
  const intro = `pwa-banks-${useId().replace(/:/g, '')}`;
  return (
    <Dialog title={t('pay-with-app.banks.title')} closeLabel={t('pay-with-app.banks.close')} onClose={onClose} describedBy={intro}>
      <p id={intro} className={styles.muted}>
        {t('pay-with-app.banks.intro')}
      </p>
      <ul className={list} data-testid="pwa-eligible-banks">
        {institutions.map((i) => (
          <li key={i.id}>{i.name}</li>
        ))}
      </ul>
    </Dialog>
  );
}
