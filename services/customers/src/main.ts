import { runService } from '@turnbook/service-kit';
import { customersService } from './service';

void runService(customersService);
