import express, { type Router } from 'express';
import { expressPath } from '@turnbook/contracts';
import { receivedAtOf } from '@turnbook/service-kit';
import type { StoreConfigs } from '../store-config/config-read-model';
import type { AppointmentDays } from './day-read-model';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The calendar's day read would take round trips one after the other: the store's config stamp (the
 * router's access check), then the day's stamp (and, for a day this instance does not hold, its copy). This
 * starts all of them as the request arrives, before its logging and parsing, and the router's and the
 * handler's reads join them. Each is a small read by `_id`; nothing is loaded from the appointments or
 * answered for a caller before the router has checked their access.
 */
export function dayPrefetch(days: Pick<AppointmentDays, 'prefetch'>, configs: Pick<StoreConfigs, 'prefetch'>): Router {
  const router = express.Router();
  router.get(expressPath('getAppointmentsByStoreIdAndDate/{storeId}/{date}'), (req, _res, next) => {
    const storeId = Number(req.params.storeId);
    const date = String(req.params.date);
    if (req.get('authorization') && Number.isSafeInteger(storeId) && storeId > 0 && DATE.test(date)) {
      configs.prefetch(storeId, receivedAtOf(req));
      days.prefetch(storeId, date, receivedAtOf(req));
    }
    next();
  });
  return router;
}
