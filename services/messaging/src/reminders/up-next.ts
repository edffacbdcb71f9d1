import { DEFAULT_TIME_ZONE, todayIn } from '@turnbook/domain';
import type { MessagesRepository } from '../texts/repository';
import type { TextReadModels } from '../texts/read-models';
import type { SmsSettingsRepository } from '../texts/settings';
import { storeForTexts } from '../texts/send-sms';
import { renderText } from '../texts/templates';

export interface UpNextDeps {
  messages: Pick<MessagesRepository, 'queue'>;
  views: Pick<TextReadModels, 'sheetsOfDay' | 'store'>;
  settings: Pick<SmsSettingsRepository, 'of'>;
}

/**
 * After someone in a store's line was served (a sheet checked in), the one now at the front gets "you're
 * up next" if they gave a phone and the store has the text on: once per sheet (the text's id is the
 * sheet's), today only, so replaying old events never texts anyone.
 */
export async function textUpNext(deps: UpNextDeps, storeId: number, date: string, now = new Date()): Promise<void> {
  const store = await storeForTexts(deps.views as TextReadModels, storeId);
  if (date !== todayIn(store.timezone || DEFAULT_TIME_ZONE, now)) return;
  if (!(await deps.settings.of(storeId)).upNextText) return;
  const line = await deps.views.sheetsOfDay(storeId, date);
  const front = line.find((s) => !s.checked);
  // Someone ahead must have been served: a person who signs in to an empty line is at the desk already.
  if (!front?.phone || !line.some((s) => s.checked && s._id < front._id)) return;
  await deps.messages.queue({
    _id: `upnext:${storeId}:${front._id}`, storeId, recipient: `1${front.phone}`, body: renderText('upnext', { store }), kind: 'upnext', appointmentId: null,
  });
}
