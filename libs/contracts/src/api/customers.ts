import { z } from 'zod';
import { SuccessResponse } from '../schemas/common';
import {
  CreateCustomerBody,
  CustomerIdParams,
  CustomerResponse,
  CustomersPageResponse,
  CustomersResponse,
  MergeCustomersBody,
  PublicCustomerLookupParams,
  PublicCustomerLookupResponse,
  PublicCustomerResponse,
  SearchByIdParams,
  SearchKeyParams,
  SearchNameAndPhoneParams,
  SearchPageQuery,
  StoreIdParams,
  UpdateCustomerBody,
} from '../schemas/customers';
import type { RouteSchemas } from './types';

/** Request and response schemas of the customers routes, keyed like the route table. */
export const CUSTOMERS_API = {
  'GET getCustomersByStoreId/{storeId}': { params: StoreIdParams, response: CustomersResponse },
  /** Staff get the whole customer (201); the booking page gets only the id (201 new, 200 existing). */
  'POST customer': { body: CreateCustomerBody, response: z.union([CustomerResponse, PublicCustomerResponse]), status: 201 },
  'GET customer/{id}': { params: CustomerIdParams, response: CustomerResponse },
  'PATCH customer/{id}': { params: CustomerIdParams, body: UpdateCustomerBody, response: CustomerResponse },
  'DELETE customer/{id}': { params: CustomerIdParams, response: SuccessResponse },
  'GET searchCustomer/{storeId}/{key}': { params: SearchKeyParams, query: SearchPageQuery, response: CustomersPageResponse },
  'GET searchCustomerByNameAndPhone/{storeId}/{fname}/{lname}/{phone}': { params: SearchNameAndPhoneParams, query: SearchPageQuery, response: CustomersPageResponse },
  'GET searchCustomerById/{storeId}/{id}': { params: SearchByIdParams, response: CustomersResponse },
  'POST mergeCustomers': { body: MergeCustomersBody, response: SuccessResponse },
  'GET public_getCustomerIdByStoreIdAndPhone/{storeId}/{phone}': { params: PublicCustomerLookupParams, response: PublicCustomerLookupResponse },
} as const satisfies Record<string, RouteSchemas>;
