/** The fields of a service record the staff-booking rule reads. */
export interface ServiceRecordLike {
  id: number;
  status: string;
  type: string;
  sortIndex: number;
}

/** A service staff may book: ON, and not EXTERNAL (customers only, docs/decisions.md "Service type"). */
export const isStaffBookable = (s: Pick<ServiceRecordLike, 'status' | 'type'>): boolean => s.status === 'ON' && s.type !== 'EXTERNAL';

/** The services staff may book, in the store's order. */
export function bookableServices<S extends ServiceRecordLike>(services: readonly S[]): S[] {
  return services.filter(isStaffBookable).sort((a, b) => a.sortIndex - b.sortIndex || a.id - b.id);
}
