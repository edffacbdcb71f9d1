import { MAILBOX_PAGE_SIZE, renderMailbox } from '../mailbox-page.mjs';

const mail = (i) => ({ subject: `mail ${i}`, to: ['someone@example.com'], date: new Date(0).toISOString(), text: `body ${i}` });

describe('the dev mailbox page', () => {
  it('when hundreds of mails were sent, then the page renders only the newest and says how many there are', () => {
    const page = renderMailbox(Array.from({ length: MAILBOX_PAGE_SIZE + 30 }, (_, i) => mail(i)));
    expect(page.match(/<article>/g)).toHaveLength(MAILBOX_PAGE_SIZE);
    expect(page).toContain(`the ${MAILBOX_PAGE_SIZE} newest of ${MAILBOX_PAGE_SIZE + 30} shown`);
    expect(page).toContain('mail 0');
    expect(page).not.toContain(`mail ${MAILBOX_PAGE_SIZE}<`);
  });
});
