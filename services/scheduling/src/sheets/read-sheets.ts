import type { SheetView } from '@turnbook/contracts/schemas/frontdesk';
import type { SheetDoc } from './model';
import type { SheetRepository } from './repository';
import { sheetView } from './view';

export interface ReadSheetsDeps {
  sheets: Pick<SheetRepository, 'ofDay' | 'ofPhone'>;
}

export const sheetById = (sheet: SheetDoc): { sheet: SheetView } => ({ sheet: sheetView(sheet) });

/** getSheetsByStoreId: the day's sheets in arrival order. */
export async function sheetsOfDay(deps: ReadSheetsDeps, storeId: number, date: string): Promise<{ sheets: SheetView[] }> {
  return { sheets: (await deps.sheets.ofDay(storeId, date)).map(sheetView) };
}

/** getSheetByPhoneNumber: a phone's sheets in the store, newest first. */
export async function sheetsOfPhone(deps: ReadSheetsDeps, storeId: number, phone: string): Promise<{ sheets: SheetView[] }> {
  return { sheets: (await deps.sheets.ofPhone(storeId, phone)).map(sheetView) };
}
