import type { World } from './world';

/** The owner books the plain staff member's Gel Manicure, 10:00 to 10:45 am, for customer 41; the appointment. */
export async function ownerBooksGel(w: World, gel: number, over: Record<string, unknown>) {
  const res = await w.as('owner').post('/api/appointment', {
    storeId: w.store.id, staffId: w.staffIds.staff, customerId: 41, serviceIds: `${gel}`, start: '10:00 am', end: '10:45 am', createdBy: 999, modifiedBy: 999, ...over,
  }).expect(201);
  return res.body.appointment as { id: number; cardOnFile?: string };
}
