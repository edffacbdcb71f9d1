import * as f from '../schemas/frontdesk';
import type { RouteSchemas } from './types';

/** Request and response schemas of the turn list and the sign-in sheets, keyed like the route table. */
export const FRONTDESK_API = {
  /** The day's record, created empty if there is none (201), or the existing one (200). */
  'POST createTurn': { body: f.CreateTurnBody, response: f.TurnResponse, status: 201 },
  'POST updateTurn': { body: f.UpdateTurnBody, response: f.TurnResponse },
  'GET getTurnsByStoreIdAndDate/{storeId}/{date}': { params: f.TurnsByDateParams, response: f.TurnsResponse },
  'POST sheet': { body: f.CreateSheetBody, response: f.CreateSheetResponse, status: 201 },
  'POST sheets/sign-in': { body: f.SignInCommandBody, response: f.SignInCommandResponse, status: 201 },
  'GET sheet/{id}': { params: f.SheetIdParams, response: f.SheetResponse },
  'PATCH sheet/{id}': { params: f.SheetIdParams, body: f.PatchSheetBody, response: f.SheetResponse },
  'GET getSheetsByStoreId/{storeId}/{date}': { params: f.SheetsByDateParams, response: f.SheetsResponse },
  'GET getSheetByPhoneNumber/{storeId}/{phone}': { params: f.SheetByPhoneParams, response: f.SheetsResponse },
  'GET getQueueByStoreIdAndDate/{storeId}/{date}': { params: f.TurnsByDateParams, response: f.QueueResponse },
  'GET getTurnPolicy/{storeId}': { params: f.StoreIdParams, response: f.TurnPolicyResponse },
  'PUT turnPolicy/{storeId}': { params: f.StoreIdParams, body: f.TurnPolicy, response: f.TurnPolicyResponse },
  'GET getStaffSkills/{storeId}': { params: f.StoreIdParams, response: f.StaffSkillsResponse },
  'PUT staffSkills/{id}': { params: f.StaffIdParams, body: f.StaffSkillsBody, response: f.StaffSkillResponse },
  'GET getTurnHistory/{storeId}/{date}': { params: f.TurnsByDateParams, response: f.TurnHistoryResponse },
  'GET suggestNextStaff/{storeId}/{date}': { params: f.TurnsByDateParams, query: f.SuggestNextQuery, response: f.SuggestNextResponse },
} as const satisfies Record<string, RouteSchemas>;
