import { payloadFor, replayFilterOf } from './realtime';

describe('what the relay hands a browser', () => {
  it("when an appointment event goes to the store's appointment channel, then its sale is left out (not every member sees sales)", () => {
    const data = { id: 5, storeId: 7, staffId: 10, date: '2031-01-01', status: 'ON', sale: 4600 };
    const sent = payloadFor('store:7:appointment', 'evt.appointment.7.updated', data);
    expect(sent).toEqual({ id: 5, storeId: 7, staffId: 10, date: '2031-01-01', status: 'ON' });
    expect(data.sale).toBe(4600);
  });
});

describe('what a replay reads', () => {
  it('when a channel is replayed, then its filter covers every subject channelsFor sends to it', () => {
    expect(replayFilterOf('store:7:queue')).toBe('evt.*.7.>');
    expect(replayFilterOf('customer:5551234567:online-request')).toBe('evt.online-request.>');
    expect(replayFilterOf('version')).toBe('evt.settings.global.version_updated');
    expect(replayFilterOf('store:07:queue')).toBeNull();
  });
});
