import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import { staffLogout, staffMe } from '../../../shared/api/staff';
import type { ApiStaffProfile } from '../../../shared/api/staff.schemas';
import type { StaffPermission } from '../../../shared/staff-roles';
import { adminApi, isApiError } from '../lib/admin-api';
import { clearStaffToken, useStaffToken } from '../lib/staff-session';

type StaffState = {
  profile: ApiStaffProfile;
  /** Whether the role grants a permission (the server checks again on every call). */
  can: (permission: StaffPermission) => boolean;
  refresh: () => Promise<void>;
  signOut: () => Promise<void>;
};

const StaffContext = createContext<StaffState | null>(null);

export function useStaff(): StaffState {
  const state = useContext(StaffContext);
  if (!state) throw new Error('useStaff outside a signed-in console');
  return state;
}

/**
 * Loads the signed-in staff member once per token; renders `signedOut` without one (or when the
 * token was refused) and `children` with the profile in context.
 */
export function StaffProvider({ children, signedOut }: { children: ReactNode; signedOut: ReactNode }) {
  const token = useStaffToken();
  const [profile, setProfile] = useState<ApiStaffProfile | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    try {
      setProfile(await adminApi.call(staffMe));
      setFailure(null);
    } catch (error) {
      if (isApiError(error) && (error.status === 401 || error.status === 403)) {
        clearStaffToken(error.message);
      } else {
        setFailure(isApiError(error) ? error.message : 'The console could not load. Please reload the page.');
      }
    }
  }, []);

  useEffect(() => {
    setProfile(null);
    if (token) void refresh();
  }, [token, refresh]);

  const signOut = useCallback(async () => {
    await adminApi.call(staffLogout).catch(() => undefined);
    clearStaffToken();
  }, []);

  if (!token) return <>{signedOut}</>;
  if (failure) {
    return (
      <main className="console-loading" role="alert">
        <p>{failure}</p>
        <button type="button" className="button" onClick={() => void refresh()}>
          Try again
        </button>
      </main>
    );
  }
  if (!profile) {
    return (
      <main className="console-loading" aria-busy="true">
        <p>Loading the console…</p>
      </main>
    );
  }
  const can = (permission: StaffPermission) => profile.permissions.includes(permission);
  return <StaffContext.Provider value={{ profile, can, refresh, signOut }}>{children}</StaffContext.Provider>;
}
