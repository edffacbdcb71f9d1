import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSession } from './session-store';

/** Log out: forget the session (but the new-update marker) and go home (doc 000 §4). */
export function useLogout(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    useSession.getState().clearSession();
    navigate('/', { replace: true });
  }, [navigate]);
}
