import { runService } from '@turnbook/service-kit';
import { billingService } from './service';

void runService(billingService);
