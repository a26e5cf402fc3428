import { toast } from '../../lib/toast';

/**
 * A success message that survives the reload after signing in: saved in sessionStorage just
 * before the reload and shown once by the app after it hydrates.
 */
const key = 'flash';

export function setFlash(message: string) {
  try {
    sessionStorage.setItem(key, message);
  } catch {
    // Storage blocked: the shopper simply misses the confirmation.
  }
}

export function showFlash() {
  try {
    const message = sessionStorage.getItem(key);
    if (!message) return;
    sessionStorage.removeItem(key);
    // Longer than the usual second: the page has just loaded and the eye is still finding its place.
    toast.success(message.slice(0, 200), { autoClose: 4000 });
  } catch {
    // Nothing to show.
  }
}
