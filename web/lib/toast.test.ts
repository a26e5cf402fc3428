import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_AUTO_CLOSE_MS, dismissToast, getToasts, subscribeToasts, toast } from './toast';

afterEach(() => dismissToast());

describe('toast', () => {
  it('queues toasts with the layout default of one second', () => {
    const id = toast.success('Product added to the cart');
    toast.error('Something went wrong!', { autoClose: false });
    expect(getToasts()).toEqual([
      { id, kind: 'success', message: 'Product added to the cart', autoClose: DEFAULT_AUTO_CLOSE_MS },
      { id: id + 1, kind: 'error', message: 'Something went wrong!', autoClose: false },
    ]);
    expect(DEFAULT_AUTO_CLOSE_MS).toBe(1000);
  });

  it('tells subscribers and dismisses one or all', () => {
    let calls = 0;
    const unsubscribe = subscribeToasts(() => calls++);
    const first = toast.info('one');
    toast.warning('two');
    toast.dismiss(first);
    expect(getToasts().map((entry) => entry.message)).toEqual(['two']);
    dismissToast();
    expect(getToasts()).toEqual([]);
    expect(calls).toBe(4);
    unsubscribe();
    toast.info('three');
    expect(calls).toBe(4);
  });

  it('keeps only the five newest on screen', () => {
    for (let index = 1; index <= 7; index++) toast.info(`toast ${index}`);
    expect(getToasts().map((entry) => entry.message)).toEqual([
      'toast 3',
      'toast 4',
      'toast 5',
      'toast 6',
      'toast 7',
    ]);
  });
});
