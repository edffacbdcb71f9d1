import type { Handlers } from '@turnbook/service-kit';
import { runReport, type RunReportDeps } from './run-report';

/** /reports' call; owner or admin of the store, as the route table says. */
export function reportRoutes(deps: RunReportDeps): Handlers {
  return {
    'GET getReportByStoreIdAndRange/{storeId}': ({ params, query }) => runReport(deps, params.storeId, query),
  };
}
