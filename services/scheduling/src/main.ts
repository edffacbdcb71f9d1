import { runService } from '@turnbook/service-kit';
import { schedulingService } from './service';

void runService(schedulingService);
