import { storeDay, wallTimeExists } from '@turnbook/domain/availability/store-day';
import { DateTime } from 'luxon';
import { wallGapOn } from './wall-gap';

describe("the wall times a store's clock skips on a date (Intl only)", () => {
  it('when New York springs forward on 2030-03-10, then 2:00-2:59 am are skipped; the days around it, a June day and the fall-back day skip nothing', () => {
    expect(wallGapOn('America/New_York', '2030-03-10')).toEqual({ from: 120, to: 180 });
    expect(['2030-03-09', '2030-03-11', '2030-06-18', '2030-11-03'].map((d) => wallGapOn('America/New_York', d))).toEqual([null, null, null, null]);
  });

  it('when a zone springs forward at midnight or by half an hour, then the gap is midnight-1:00 am or 2:00-2:29 am', () => {
    expect(wallGapOn('America/Santiago', '2030-09-08')).toEqual({ from: 0, to: 60 });
    expect(wallGapOn('Australia/Lord_Howe', '2030-10-06')).toEqual({ from: 120, to: 150 });
  });

  it.each(['America/New_York', 'America/Santiago', 'Asia/Beirut', 'Australia/Lord_Howe', 'America/St_Johns', 'Europe/London', 'Asia/Kolkata'])(
    "when every date of 2030 in %s is asked, then the gap is exactly the quarter hours libs/domain's wallTimeExists says the clock skips",
    (zone) => {
      const wrong: string[] = [];
      for (let d = DateTime.fromISO('2030-01-01', { zone }); d.year === 2030; d = d.plus({ days: 1 })) {
        const date = d.toISODate()!;
        const day = storeDay(zone, date, null);
        const gap = wallGapOn(zone, date);
        for (let m = 0; m < 1440; m += 15) {
          const skipped = !!gap && m >= gap.from && m < gap.to;
          if (skipped === wallTimeExists(day, m)) wrong.push(`${date} ${m}`);
        }
      }
      expect(wrong).toEqual([]);
    },
  );
});
