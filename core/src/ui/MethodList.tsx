import { Fragment } from 'react';
import { rowDescriptionKey } from '../plugin';
import type { ChannelPlugin } from '../plugin';
import { useT } from '../i18n';
import { useCheckout, useCheckoutState, withSession } from '../state/checkout';
import { selectChannel } from '../state/actions';
import { heading, muted } from './styles';
import { Drawn } from './Drawn';
import { FirstScreenEnd } from './FirstScreenEnd';
import { MethodRowLink, methodRowList } from './MethodRow';

/**
 * Rows a phone shows before scrolling (about 64 px each with the gap, under the header, on screens up to about
 * 1,000 px tall): a longer list marks the end of its first screen after them (FirstScreenEnd).
 */
export const ROWS_ON_FIRST_SCREEN = 10;

/**
 * The rows of the available channels. Each row is a link to the channel's route, so a tap works before the
 * page is hydrated (the server renders that route); once hydrated, the click is handled in the page.
 */
export function MethodRows({
  channels,
  labelledBy,
  firstScreenRows,
}: {
  channels: ChannelPlugin[];
  labelledBy?: string;
  /** On the page's first screen: the rows it shows before scrolling, after which a longer list marks its end. */
  firstScreenRows?: number;
}) {
  const t = useT();
  const c = useCheckout();
  const { env, locale } = useCheckoutState();
  return (
    <ul className={methodRowList} aria-labelledby={labelledBy}>
      {channels.map((p, i) => {
        return (
          <Fragment key={p.id}>
            <li>
              <MethodRowLink
                data={{ 'data-method': p.id }}
                href={withSession(env, p.path, locale)}
                onSelect={() => selectChannel(c, p)}
                mark={<Drawn picture={p.row!.icon} slot={`icon-${p.id}`} />}
                title={t(p.row!.title)}
                description={t(rowDescriptionKey(p.row!, c.state.props))}
              />
            </li>
            {firstScreenRows !== undefined && i === firstScreenRows - 1 && channels.length > firstScreenRows && <FirstScreenEnd />}
          </Fragment>
        );
      })}
    </ul>
  );
}

export function MethodList({ channels }: { channels: ChannelPlugin[] }) {
  const t = useT();
  const rows = channels.filter((p) => p.row);
  return (
    <section>
      <h1 id="oja-methods-heading" className={heading}>
        {t('core.methods.heading')}
      </h1>
      {rows.length ? (
        <MethodRows channels={rows} labelledBy="oja-methods-heading" firstScreenRows={ROWS_ON_FIRST_SCREEN} />
      ) : (
        <p className={muted}>{t('core.methods.empty')}</p>
      )}
    </section>
  );
}
