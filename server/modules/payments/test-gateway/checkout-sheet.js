/*
 * Bharat Bazaar test gateway: a stand-in for Razorpay's Standard Checkout script.
 * Defines window.Razorpay with the same options, open(), close() and on('payment.failed'),
 * and opens an accessible in-page sheet to approve or fail a simulated payment.
 * No real money moves; the shop verifies the signed result exactly as it would Razorpay's.
 */
(() => {
  if (window.Razorpay) return;

  // Its stylesheet and the gateway's endpoints live beside this script, on the shop's server, not
  // on the page that loaded it (the original storefront client runs on an origin of its own).
  // currentScript is only set while the script first runs, so the address is taken now.
  const scriptSrc = document.currentScript?.src || window.location.href;
  const ownUrl = (path) => new URL(path, scriptSrc).href;

  const stylesheet = document.createElement('link');
  stylesheet.rel = 'stylesheet';
  stylesheet.href = ownUrl('/pay/checkout.css');
  document.head.appendChild(stylesheet);

  const rupees = (paise) =>
    new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format((Number(paise) || 0) / 100);

  const el = (tag, attributes, ...children) => {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attributes || {})) {
      if (value === false || value === undefined || value === null) continue;
      if (key === 'text') node.textContent = value;
      else if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value === true ? '' : value);
    }
    for (const child of children) if (child) node.append(child);
    return node;
  };

  const METHODS = [
    { id: 'card', label: 'Card', hint: 'Test card 5104 0600 0000 0008, any future expiry, any CVV' },
    { id: 'upi', label: 'UPI', hint: 'Test UPI ID success@razorpay' },
    { id: 'netbanking', label: 'Net banking', hint: 'Any bank: you will be returned here' },
  ];

  class Razorpay {
    constructor(options) {
      if (!options?.order_id || !options.key) throw new Error('Razorpay: key and order_id are required');
      this.options = options;
      this.listeners = { 'payment.failed': [] };
      this.root = null;
      this.previousFocus = null;
    }

    on(event, handler) {
      if (!this.listeners[event]) this.listeners[event] = [];
      this.listeners[event].push(handler);
      return this;
    }

    open() {
      if (this.root) return;
      this.previousFocus = document.activeElement;
      this.method = 'card';
      this.render();
    }

    close() {
      if (!this.root) return;
      document.removeEventListener('keydown', this.onKeydown, true);
      this.root.remove();
      this.root = null;
      if (this.previousFocus?.focus) this.previousFocus.focus();
    }

    dismiss() {
      this.close();
      const ondismiss = this.options.modal?.ondismiss;
      if (typeof ondismiss === 'function') ondismiss();
    }

    render() {
      const o = this.options;
      const theme = o.theme?.color || '#0f3d91';
      const status = el('p', { class: 'bbpay-status', role: 'status', 'aria-live': 'polite' });
      const methodHint = el('p', { class: 'bbpay-hint', id: 'bbpay-hint' });
      const setMethod = (id) => {
        this.method = id;
        methodHint.textContent = METHODS.find((m) => m.id === id).hint;
      };
      const methods = el(
        'fieldset',
        { class: 'bbpay-methods' },
        el('legend', { text: 'Pay with' }),
        ...METHODS.map((m) =>
          el(
            'label',
            { class: 'bbpay-method' },
            el('input', {
              type: 'radio',
              name: 'bbpay-method',
              value: m.id,
              checked: m.id === this.method,
              'aria-describedby': 'bbpay-hint',
              onchange: () => setMethod(m.id),
            }),
            el('span', { text: m.label }),
          ),
        ),
      );
      setMethod(this.method);

      const busy = (on) => {
        for (const b of this.root.querySelectorAll('button')) b.disabled = on;
      };
      const pay = el('button', {
        type: 'button',
        class: 'bbpay-pay',
        style: `background:${theme}`,
        text: `Pay ${rupees(o.amount)}`,
        onclick: () => this.submit('pay', status, busy),
      });
      const fail = el('button', {
        type: 'button',
        class: 'bbpay-secondary',
        text: 'Simulate a failed payment',
        onclick: () => this.submit('fail', status, busy),
      });
      const cancel = el('button', {
        type: 'button',
        class: 'bbpay-close',
        'aria-label': 'Cancel payment',
        text: '×',
        onclick: () => this.dismiss(),
      });

      const prefill = o.prefill || {};
      const dialog = el(
        'div',
        {
          class: 'bbpay-dialog',
          role: 'dialog',
          'aria-modal': 'true',
          'aria-labelledby': 'bbpay-title',
          'aria-describedby': 'bbpay-desc',
        },
        el(
          'header',
          { class: 'bbpay-header', style: `border-top-color:${theme}` },
          el(
            'div',
            {},
            el('h2', { id: 'bbpay-title', text: o.name || 'Payment' }),
            el('p', { id: 'bbpay-desc', text: o.description || 'Test payment' }),
          ),
          cancel,
        ),
        el(
          'div',
          { class: 'bbpay-body' },
          el(
            'p',
            { class: 'bbpay-amount' },
            el('span', { text: 'Amount' }),
            el('strong', { text: rupees(o.amount) }),
          ),
          prefill.email || prefill.contact
            ? el('p', {
                class: 'bbpay-prefill',
                text: [prefill.name, prefill.email, prefill.contact].filter(Boolean).join(' · '),
              })
            : null,
          methods,
          methodHint,
          status,
          pay,
          fail,
          el('p', { class: 'bbpay-note', text: 'Test mode: no money is charged.' }),
        ),
      );
      const backdrop = el('div', { class: 'bbpay-backdrop' }, dialog);
      backdrop.addEventListener('mousedown', (event) => {
        if (event.target === backdrop && o.modal && o.modal.backdropclose) this.dismiss();
      });
      this.onKeydown = (event) => {
        if (event.key === 'Escape' && !(o.modal && o.modal.escape === false)) {
          event.preventDefault();
          this.dismiss();
        } else if (event.key === 'Tab') {
          const focusable = [...dialog.querySelectorAll('button:not([disabled]), input:not([disabled])')];
          const first = focusable[0];
          const last = focusable[focusable.length - 1];
          if (event.shiftKey && document.activeElement === first) {
            event.preventDefault();
            last.focus();
          } else if (!event.shiftKey && document.activeElement === last) {
            event.preventDefault();
            first.focus();
          }
        }
      };
      document.addEventListener('keydown', this.onKeydown, true);
      this.root = el('div', { class: 'bbpay-root', 'data-testid': 'test-gateway' }, backdrop);
      document.body.appendChild(this.root);
      pay.focus();
    }

    async submit(action, status, busy) {
      busy(true);
      status.textContent = action === 'pay' ? 'Processing your payment…' : 'Contacting the bank…';
      try {
        const response = await fetch(
          ownUrl(`/api/payments/test-gateway/orders/${encodeURIComponent(this.options.order_id)}/${action}`),
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ method: this.method }),
          },
        );
        const body = await response.json().catch(() => ({}));
        if (!response.ok) throw new Error(body.message || 'The payment could not be processed.');
        if (action === 'pay') {
          this.close();
          if (typeof this.options.handler === 'function') this.options.handler(body);
          return;
        }
        status.textContent = `${body.error.description} You can try again or choose another method.`;
        for (const listener of this.listeners['payment.failed']) listener(body);
      } catch (error) {
        status.textContent = `${error.message} Please try again.`;
      }
      busy(false);
    }
  }

  window.Razorpay = Razorpay;
})();
