import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * After a session starts: react-admin's cached "signed out" state is dropped, then the browser
 * goes to the landing page (or /otp for an unverified account).
 */
export function useEnterApp() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (to: string) => {
      await queryClient.invalidateQueries({ queryKey: ['auth'] });
      navigate(to, { replace: true });
    },
    [queryClient, navigate],
  );
}
