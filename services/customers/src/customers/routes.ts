import { reply, type Handlers } from '@turnbook/service-kit';
import { createCustomer, type CreateCustomerDeps } from './create-customer';
import { deleteCustomer } from './delete-customer';
import { editCustomer } from './edit-customer';
import { presentCustomer, type PresentDeps } from './present-customers';
import { visitorCustomer } from './visitor-customer';
import { walkInCustomer } from './walk-in-customer';

export function customerRoutes(deps: CreateCustomerDeps & PresentDeps): Handlers {
  return {
    'POST customer': async ({ body, access, caller, ip }) => {
      const r = await createCustomer(deps, { body, access, caller, ip });
      if (r.by === 'staff') return reply({ customer: await presentCustomer(deps, r.customer) }, 201);
      return reply({ customer: { id: r.id } }, r.created ? 201 : 200);
    },
    'POST internal/customers/walk-in': ({ body }) => walkInCustomer(deps, body),
    'POST internal/customers/visitor': ({ body }) => visitorCustomer(deps, body),
    'GET customer/{id}': async ({ record }) => ({ customer: await presentCustomer(deps, record) }),
    'PATCH customer/{id}': async ({ record, body }) => ({ customer: await presentCustomer(deps, await editCustomer(deps, { customer: record, body })) }),
    'DELETE customer/{id}': async ({ record }) => {
      await deleteCustomer(deps, record);
      return { success: true };
    },
  };
}
