import { Hub } from './hub';

describe('Hub', () => {
  it('tracks subscribers per channel and forgets a subscriber entirely', () => {
    const hub = new Hub<string>(3);
    expect(hub.add('a', 'version')).toBe('added');
    expect(hub.add('a', 'version')).toBe('already');
    hub.add('b', 'version');
    hub.add('a', 'store:1:sheet');
    expect([...hub.subscribers('version')]).toEqual(['a', 'b']);
    expect(hub.channelsStartingWith('store:1:')).toEqual(['store:1:sheet']);
    hub.removeAll('a');
    expect([...hub.subscribers('version')]).toEqual(['b']);
    expect(hub.channelsStartingWith('store:1:')).toEqual([]);
    expect(hub.channelsOf('a')).toEqual([]);
  });

  it('refuses more than the limit per subscriber, and frees a slot on unsubscribe', () => {
    const hub = new Hub<string>(2);
    hub.add('a', 'c1');
    hub.add('a', 'c2');
    expect(hub.add('a', 'c3')).toBe('limit');
    expect(hub.add('b', 'c3')).toBe('added');
    expect(hub.remove('a', 'c1')).toBe(true);
    expect(hub.remove('a', 'c1')).toBe(false);
    expect(hub.add('a', 'c3')).toBe('added');
    expect(hub.channelCount).toBe(2);
  });
});
