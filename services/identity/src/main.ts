import { runService } from '@turnbook/service-kit';
import { identityService } from './service';

void runService(identityService);
