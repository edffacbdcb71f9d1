import type { Handlers } from '@turnbook/service-kit';
import { saveCardOnFile, setupCardOnFile, type CardOnFileDeps } from './save-card';

export function cardOnFileRoutes(deps: CardOnFileDeps): Handlers {
  return {
    'POST cardOnFile/setup': ({ body }) => setupCardOnFile(deps, body),
    'POST cardOnFile/save': ({ body }) => saveCardOnFile(deps, body),
  };
}
