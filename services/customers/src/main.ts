import { runService } from '@turnbook/service-kit';
import { customersService } from './service';

// The outbox sweeper looks for pending events with a query FerretDB v1 answers by scanning the whole
// customers collection; every second that costs searches their p95. Each write publishes its events at
// once, so the sweeper only recovers from failures and may run less often. OUTBOX_SWEEP_MS still wins.
process.env.OUTBOX_SWEEP_MS ??= '15000';

void runService(customersService);
