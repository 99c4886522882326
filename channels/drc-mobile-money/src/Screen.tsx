import { Route, Switch } from 'wouter';
import { registerMessages } from '@oja/core';
import { PAGES } from './pages';
import { UssdNotification } from './UssdNotification';
import { WalletForm } from './WalletForm';
import { screenMessages } from './screenMessages';

registerMessages(screenMessages);

/**
 * DRC mobile money (companion §2, §4 "DRC wallet"): the wallet form at the channel's path, the USSD notification
 * page under it. Both read the channel's visit (visit.ts).
 */
export default function DrcMobileMoneyScreen() {
  return (
    <Switch>
      <Route path={PAGES.ussd}>
        <UssdNotification />
      </Route>
      <Route>
        <WalletForm />
      </Route>
    </Switch>
  );
}
