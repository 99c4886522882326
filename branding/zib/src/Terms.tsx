import { css } from '@linaria/core';
import { ChangeMethodLink, registerMessages, styles, useT } from '@oja/core';
import { termsMessages } from './termsMessages';

registerMessages(termsMessages);

/** The sections in reading order; each has zib.terms.<id>.title and zib.terms.<id>.body. */
const TERMS_SECTIONS = ['platform', 'merchants', 'warranties', 'liability', 'indemnity', 'disputes', 'changes', 'law'] as const;

const sectionTitle = css`
  font-size: 15px;
  font-weight: 600;
  margin: 0 0 4px;
`;
const paragraph = css`
  margin: 0;
  line-height: 1.55;
`;

/** ZIB's terms of use (route /payment/zib-disclaimer): a back link to the method list, then the disclaimer. */
export default function Terms() {
  const t = useT();
  return (
    <article className={styles.stack} aria-labelledby="zib-terms-title">
      <div>
        <ChangeMethodLink label="zib.back" />
      </div>
      <h1 id="zib-terms-title" className={styles.heading}>
        {t('zib.terms.title')}
      </h1>
      <p className={`${styles.muted} ${paragraph}`}>{t('zib.terms.intro')}</p>
      {TERMS_SECTIONS.map((id) => (
        <section key={id} aria-labelledby={`zib-terms-${id}`}>
          <h2 id={`zib-terms-${id}`} className={sectionTitle}>
            {t(`zib.terms.${id}.title`)}
          </h2>
          <p className={paragraph}>{t(`zib.terms.${id}.body`)}</p>
        </section>
      ))}
    </article>
  );
}
