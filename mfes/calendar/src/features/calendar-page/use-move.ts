import { useQueryClient } from '@tanstack/react-query';
import type { StoreView } from '@turnbook/contracts/schemas/scheduling';
import { useCallback } from 'react';
import type { MoveRequest } from '../day-grid/day-grid';

/** Dragging an appointment (move-appointment.tsx, with its messages, loaded at the first drop: the first screen draws no move). */
export function useMoveAppointment(storeId: number, openDetails: (id: number) => void, hours?: StoreView['hours']) {
  const qc = useQueryClient();
  return useCallback(
    async (m: MoveRequest) => (await import(/* webpackChunkName: "calendar-move" */ './move-appointment')).moveAppointment({ qc, storeId, openDetails, hours }, m),
    [qc, storeId, openDetails, hours],
  );
}
