import { escapeHtml, onlineRequestEmail, passwordResetEmail, safeName, staffInvitationEmail, storeRequestEmail, verificationEmail } from './templates';

describe('email templates', () => {
  it('verification: subject, greeting with a capitalised name, the link in both bodies', () => {
    const m = verificationEmail({ fname: 'jane', verifyUrl: 'https://t.example/activate?id=1&token=a' });
    expect(m.subject).toBe('Activate your Turnbook account');
    expect(m.text).toContain('Hi Jane,');
    expect(m.text).toContain('https://t.example/activate?id=1&token=a');
    expect(m.html).toContain('href="https://t.example/activate?id=1&amp;token=a"');
  });

  it('reset: link, 1 hour, single use', () => {
    const m = passwordResetEmail({ fname: 'sam', resetUrl: 'https://t.example/reset/x' });
    expect(m.subject).toBe('Reset your Turnbook password');
    for (const body of [m.text, m.html]) {
      expect(body).toContain('https://t.example/reset/x');
      expect(body).toContain('expires in 1 hour');
      expect(body).toContain('used only once');
    }
  });

  it('escapes what users typed', () => {
    const m = verificationEmail({ fname: '<script>x</script>', verifyUrl: 'http://x/"><b>' });
    expect(m.html).not.toContain('<script>');
    expect(m.html).not.toContain('"><b>');
    expect(escapeHtml(`a&<>"'`)).toBe('a&amp;&lt;&gt;&quot;&#39;');
  });

  it("when names are stored lower-case, then mails show them as the screens do: the store, the customer and the staff member capitalised, and the button in the product's teal", () => {
    const m = onlineRequestEmail({ kind: 'approved', fname: 'anna lee', storeName: 'lotus nail spa', when: 'Monday at 10:00 am', services: ['Manicure'], staffName: 'mariah', appointmentsUrl: 'http://x/a', bookingUrl: 'http://x/b' });
    expect(m.subject).toBe('Lotus Nail Spa approved your appointment');
    expect(m.text).toContain('Hi Anna Lee,');
    expect(m.text).toContain('with Mariah on Monday');
    const s = storeRequestEmail({ kind: 'new', storeName: 'lotus nail spa', customerName: 'anna lee', when: 'Monday', services: [], staffName: 'mariah', calendarUrl: 'http://x/c' });
    expect(s.text).toContain('Anna Lee asked online for an appointment with Mariah');
    expect(staffInvitationEmail({ storeName: 'lotus nail spa', acceptUrl: 'http://x/i' }).subject).toBe('Lotus Nail Spa invites you to join its staff on Turnbook');
    for (const html of [m.html, s.html]) {
      expect(html).toContain('#0b7285');
      expect(html).not.toContain('#7c3aed');
    }
  });

  it('when a name holds a link, an address or a host name, then only its plain words remain', () => {
    expect(safeName('visit https://evil.example/claim')).toBe('Visit');
    expect(safeName('win at evil.example now')).toBe('Win At Now');
    expect(safeName('mail me@evil.example')).toBe('Mail');
    expect(safeName('ｗｗｗ．evil．com')).toBe('');
    expect(safeName("mary-jane o'neil")).toBe("Mary-Jane O'Neil");
    const m = verificationEmail({ fname: 'visit https://evil.example/claim', verifyUrl: 'https://t.example/activate?a=1&b=x' });
    for (const body of [m.text, m.html]) expect(body).not.toMatch(/evil|claim/);
  });
});
