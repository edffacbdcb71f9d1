import { runService } from '@turnbook/service-kit';
import { messagingService } from './service';

void runService(messagingService);
