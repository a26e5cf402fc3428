/**
 * Notifications for the toast area at the top right of the layout. Pages call `toast.success(...)`
 * and friends; only components/layout/toast-region.tsx knows how they are drawn.
 */
export type ToastKind = 'success' | 'error' | 'info' | 'warning';

export type ToastOptions = {
  /** Milliseconds before the toast closes itself, or false to keep it until dismissed. */
  autoClose?: number | false;
};

export type Toast = { id: number; kind: ToastKind; message: string; autoClose: number | false };

/** The layout's default: short confirmations that do not linger. */
export const DEFAULT_AUTO_CLOSE_MS = 1000;
const maxVisible = 5;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: readonly Toast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function show(kind: ToastKind, message: string, options: ToastOptions = {}): number {
  const id = nextId++;
  const entry: Toast = { id, kind, message, autoClose: options.autoClose ?? DEFAULT_AUTO_CLOSE_MS };
  publish([...toasts, entry].slice(-maxVisible));
  return id;
}

export function dismissToast(id?: number) {
  publish(id === undefined ? [] : toasts.filter((entry) => entry.id !== id));
}

export function subscribeToasts(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function getToasts(): readonly Toast[] {
  return toasts;
}

const none: readonly Toast[] = [];
export function getServerToasts(): readonly Toast[] {
  return none;
}

export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
  warning: (message: string, options?: ToastOptions) => show('warning', message, options),
  dismiss: dismissToast,
};
