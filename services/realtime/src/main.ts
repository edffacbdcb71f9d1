import { runService } from '@turnbook/service-kit';
import { realtimeService } from './service';

void runService(realtimeService);
