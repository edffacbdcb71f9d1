import { absoluteQuarter, datesTouched } from './across-stores';
import { storeDay } from './store-day';

describe('one time line for a person at several stores', () => {
  it('when two stores in different zones hold the same instant, then its step is the same absolute quarter at both', () => {
    const ny = storeDay('America/New_York', '2030-06-18', null);
    const chicago = storeDay('America/Chicago', '2030-06-18', null);
    const kathmandu = storeDay('Asia/Kathmandu', '2030-06-18', null); // +5:45
    expect(absoluteQuarter(ny, 44)).toBe(absoluteQuarter(chicago, 40)); // 11:00 am in New York is 10:00 am in Chicago
    expect(absoluteQuarter(ny, 44) * 900_000).toBe(Date.parse('2030-06-18T11:00:00-04:00'));
    expect((kathmandu.startMs / 900_000) % 1).toBe(0);
  });

  it("when a New York store-day is read at a store in Tokyo or Chicago, then it touches the other zone's dates it overlaps", () => {
    const ny = storeDay('America/New_York', '2030-06-18', null);
    expect(datesTouched('America/Chicago', ny.startMs, ny.endMs)).toEqual(['2030-06-17', '2030-06-18']);
    expect(datesTouched('Asia/Tokyo', ny.startMs, ny.endMs)).toEqual(['2030-06-18', '2030-06-19']);
    expect(datesTouched('America/New_York', ny.startMs, ny.endMs)).toEqual(['2030-06-18']);
  });
});
