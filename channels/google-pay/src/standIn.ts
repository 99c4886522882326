/**
 * The sandbox's stand-in for Google's Google Pay script (CONTRACT §5), served from the sandbox's second origin as
 * pay.js is from Google's. It implements what the channel calls of `google.payments.api.PaymentsClient`
 * (isReadyToPay, createButton, loadPaymentData with the PAYMENT_AUTHORIZATION callback) and draws a payment sheet
 * offering the test cards, each labelled with what it does. It runs under the checkout's strict policy: elements
 * are built with the DOM and styled through CSSOM properties (no inline style attribute, no eval).
 */

/** A card of the stand-in's sheet: the public side of the card package's Google Pay test cards. */
export interface StandInCard {
  tokenId: string;
  network: string;
  last4: string;
  /** The sheet's label of what it does: "pays at once", "3-D Secure (code 123456)", "PIN (1111)". */
  label: string;
}

/** The sheet's last option: an answer missing its token, which the checkout refuses (PAYMENT_DATA_INVALID). */
export const BROKEN_DATA_LABEL = 'Broken payment data: the checkout refuses it (PAYMENT_DATA_INVALID)';

/** The stand-in's source, with the sheet's cards in it. */
export function standInScript(cards: readonly StandInCard[]): string {
  return `/* Oja sandbox: stand-in for Google's Google Pay script (pay.js). Not Google's code. */
(function () {
  'use strict';
  var CARDS = ${JSON.stringify(cards)};
  var BROKEN = ${JSON.stringify(BROKEN_DATA_LABEL)};
  var NAMES = { VISA: 'Visa', MASTERCARD: 'Mastercard' };

  function failure(statusCode, statusMessage) {
    var e = new Error(statusMessage);
    e.statusCode = statusCode;
    e.statusMessage = statusMessage;
    return e;
  }
  function styled(tag, css, text) {
    var el = document.createElement(tag);
    for (var k in css) el.style[k] = css[k];
    if (text) el.textContent = text;
    return el;
  }
  function cardMethod(request) {
    var methods = (request && request.allowedPaymentMethods) || [];
    for (var i = 0; i < methods.length; i++) if (methods[i] && methods[i].type === 'CARD' && methods[i].parameters) return methods[i];
    return null;
  }
  function offered(method) {
    var networks = method.parameters.allowedCardNetworks || [];
    return CARDS.filter(function (c) { return networks.indexOf(c.network) >= 0; });
  }

  function PaymentsClient(options) {
    this.options = options || {};
  }

  PaymentsClient.prototype.isReadyToPay = function (request) {
    var method = cardMethod(request);
    var methodsOk = method && (method.parameters.allowedAuthMethods || []).length > 0;
    if (!request || request.apiVersion !== 2 || !methodsOk) return Promise.reject(failure('DEVELOPER_ERROR', 'Invalid isReadyToPay request'));
    // This sandbox payer holds Visa and Mastercard cards only: no other network can pay.
    return Promise.resolve({ result: offered(method).length > 0 });
  };

  PaymentsClient.prototype.createButton = function (options) {
    var button = styled('button', {
      minHeight: '48px', width: '100%', border: '0', borderRadius: '24px', background: '#000', color: '#fff',
      font: 'inherit', fontWeight: '600', cursor: 'pointer', padding: '10px 16px'
    }, 'Pay with G Pay (sandbox)');
    button.type = 'button';
    button.setAttribute('aria-label', 'Pay with Google Pay');
    button.addEventListener('click', function () { if (options && options.onClick) options.onClick(); });
    return button;
  };

  PaymentsClient.prototype.loadPaymentData = function (request) {
    var callbacks = this.options.paymentDataCallbacks || {};
    var method = cardMethod(request);
    var tokenization = method && method.tokenizationSpecification;
    var info = (request && request.transactionInfo) || {};
    if (!request || request.apiVersion !== 2 || !tokenization || tokenization.type !== 'PAYMENT_GATEWAY' || info.totalPriceStatus !== 'FINAL')
      return Promise.reject(failure('DEVELOPER_ERROR', 'Invalid PaymentDataRequest'));
    var merchantId = tokenization.parameters && tokenization.parameters.gatewayMerchantId;
    return new Promise(function (resolve, reject) {
      var dialog = styled('dialog', {
        maxWidth: '420px', width: 'calc(100% - 32px)', border: '0', borderRadius: '12px', padding: '20px',
        fontFamily: 'system-ui, sans-serif', color: '#202124'
      });
      dialog.setAttribute('aria-labelledby', 'oja-gpay-sheet-title');
      var title = styled('h2', { fontSize: '18px', margin: '0 0 8px' }, 'Google Pay (sandbox)');
      title.id = 'oja-gpay-sheet-title';
      var merchant = (request.merchantInfo && request.merchantInfo.merchantName) || '';
      // The amount as the checkout writes it (thousands grouped): Google's totalPrice is plain major units.
      var parts = String(info.totalPrice).split('.');
      var whole = parts[0];
      for (var at = whole.length - 3; at > 0; at -= 3) whole = whole.slice(0, at) + ',' + whole.slice(at);
      var price = whole + (parts.length > 1 ? '.' + parts[1] : '');
      var summary = styled('p', { margin: '0 0 12px' }, 'Pay ' + info.currencyCode + ' ' + price + (merchant ? ' to ' + merchant : ''));
      var note = styled('p', { margin: '0 0 12px', color: '#5f6368' }, 'Test cards: each says what it does.');
      var alert = styled('p', { margin: '0 0 12px', color: '#b3261e' });
      alert.setAttribute('role', 'alert');
      var list = styled('div', { display: 'flex', flexDirection: 'column', gap: '8px' });
      var done = false;
      function close() {
        done = true;
        dialog.close();
        dialog.remove();
      }
      function choose(data) {
        var authorize = callbacks.onPaymentAuthorized;
        Promise.resolve(authorize ? authorize(data) : { transactionState: 'SUCCESS' }).then(function (result) {
          if (done) return;
          if (result && result.transactionState === 'ERROR') {
            alert.textContent = (result.error && result.error.message) || 'This card cannot be used.';
            return;
          }
          close();
          resolve(data);
        });
      }
      function option(label, data) {
        var b = styled('button', {
          minHeight: '48px', textAlign: 'left', padding: '10px 14px', border: '1px solid #dadce0', borderRadius: '8px',
          background: '#fff', color: '#202124', font: 'inherit', cursor: 'pointer'
        }, label);
        b.type = 'button';
        b.addEventListener('click', function () { choose(data); });
        list.appendChild(b);
      }
      function paymentData(card, token) {
        return {
          apiVersion: 2,
          apiVersionMinor: 0,
          paymentMethodData: {
            type: 'CARD',
            description: (NAMES[card.network] || card.network) + ' \u2022\u2022\u2022\u2022 ' + card.last4,
            info: { cardNetwork: card.network, cardDetails: card.last4 },
            tokenizationData: { type: 'PAYMENT_GATEWAY', token: token }
          }
        };
      }
      offered(method).forEach(function (card) {
        var signed = JSON.stringify({ tokenId: card.tokenId, gatewayMerchantId: merchantId });
        var token = JSON.stringify({ protocolVersion: 'ECv2', signature: 'sandbox', signedMessage: signed });
        option((NAMES[card.network] || card.network) + ' \u2022\u2022\u2022\u2022 ' + card.last4 + ': ' + card.label, paymentData(card, token));
      });
      if (CARDS.length) option(BROKEN, paymentData(CARDS[0], ''));
      var cancel = styled('button', {
        minHeight: '44px', marginTop: '12px', width: '100%', border: '0', background: 'transparent', color: '#1a73e8',
        font: 'inherit', cursor: 'pointer'
      }, 'Cancel');
      cancel.type = 'button';
      function cancelled() {
        if (done) return;
        close();
        reject(failure('CANCELED', 'User closed the Payment Request UI.'));
      }
      cancel.addEventListener('click', cancelled);
      dialog.addEventListener('cancel', function (e) { e.preventDefault(); cancelled(); });
      dialog.append(title, summary, note, alert, list, cancel);
      document.body.appendChild(dialog);
      dialog.showModal();
    });
  };

  var root = (window.google = window.google || {});
  root.payments = root.payments || {};
  root.payments.api = { PaymentsClient: PaymentsClient };
})();
`;
}
