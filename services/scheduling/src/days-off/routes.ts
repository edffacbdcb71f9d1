import { AppointmentCreateBody, AppointmentPatchBody, IdParams } from '@turnbook/contracts/schemas/scheduling';
import { handler, type ServiceParts } from '@turnbook/service-kit';
import type { Deps } from '../shared/deps';
import { createDayOff, daysOffOf, deleteDayOff, updateDayOff } from './days-off';

export function dayOffRoutes(deps: Deps): ServiceParts['handlers'] {
  return {
    'POST appointment': handler({
      body: AppointmentCreateBody,
      handle: async (ctx) => {
        const res = await createDayOff(deps, ctx, ctx.body);
        ctx.status(201);
        return res;
      },
    }),
    'PATCH appointment/{id}': handler({
      params: IdParams,
      body: AppointmentPatchBody,
      handle: (ctx) => updateDayOff(deps, ctx, ctx.params.id, ctx.body),
    }),
    'DELETE appointment/{id}': handler({ params: IdParams, handle: (ctx) => deleteDayOff(deps, ctx, ctx.params.id) }),
    'GET getPTOByEmployeeId/{id}': handler({ params: IdParams, handle: (ctx) => daysOffOf(deps, ctx, ctx.params.id) }),
  };
}
