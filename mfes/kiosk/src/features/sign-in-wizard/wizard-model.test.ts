import { canSignIn, capitalised, changingServices, emptyDraft, minutesPhrase, resizePicks, withPartySize, withPickToggled, withStaff, type KioskAppointment } from './wizard-model';

describe('the wizard rules', () => {
  it('when a party of 3 has chosen for two people only, then Sign In does not show; once the third chooses, it does', () => {
    expect(canSignIn([[1], [2], []], 3)).toBe(false);
    expect(canSignIn([[1], [2], [1, 2]], 3)).toBe(true);
    expect(canSignIn([[]], 1)).toBe(false);
    expect(canSignIn([[4]], 1)).toBe(true);
  });

  it('when the party shrinks and grows again, then the choices of the people kept stay', () => {
    expect(resizePicks([[1], [2], [3]], 2)).toEqual([[1], [2]]);
    expect(resizePicks([[1]], 3)).toEqual([[1], [], []]);
  });

  it('when a wait or a name is shown, then it reads naturally', () => {
    expect([1, 25, 60, 61, 135].map(minutesPhrase)).toEqual(['1 minute', '25 minutes', '1 hour', '1 hour 1 minute', '2 hours 15 minutes']);
    expect(capitalised("lotus nail spa")).toBe('Lotus Nail Spa');
    expect(capitalised("mary-jo o'neil")).toBe("Mary-Jo O'Neil");
  });

  it("when a person picks and unpicks services, then only their own choices change, and a smaller party keeps the first people's", () => {
    let d = withPartySize(emptyDraft(), 3);
    d = withPickToggled(withPickToggled(d, 1, 4), 2, 5);
    expect(d.picks).toEqual([[], [4], [5]]);
    d = withPickToggled(d, 1, 4);
    expect(d.picks).toEqual([[], [], [5]]);
    expect(withPartySize(withPickToggled(d, 0, 7), 1).picks).toEqual([[7]]);
  });

  it('when a person asks for a staff member, then the others stay with anyone', () => {
    const d = withStaff(withPartySize(emptyDraft(), 3), 2, 'kim');
    expect(d.staff).toEqual(['', '', 'kim']);
    expect(withStaff(d, 0, 'ann').staff).toEqual(['ann', '', 'kim']);
  });

  it("when an appointment's services are changed, then one person starts from those still offered", () => {
    const chosen = { services: [{ id: 1 }, { id: 9 }] } as unknown as KioskAppointment;
    const d = changingServices({ ...emptyDraft(), chosen, partySize: 2, picks: [[3], [4]] }, [{ id: 1 }, { id: 2 }]);
    expect(d).toMatchObject({ changingServices: true, partySize: 1, picks: [[1]] });
  });
});
