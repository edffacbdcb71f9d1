import { giveWayToApp, SIGNED_IN_VIEW_WAIT_MS } from './signed-in-view';
import { signedInAs } from './stored-session';

/** The document as appointments.html has it: the view, then #root with index.html's boot frame. */
function page() {
  document.body.innerHTML = '<div id="tb-signed-in-view"><h1>My appointments</h1></div><div id="root"><div class="tb-boot">Turnbook</div></div>';
  return { view: document.getElementById('tb-signed-in-view')!, root: document.getElementById('root')! };
}

/** What the app renders into #root step by step: the frame with a loading state, then the page. */
function render(root: HTMLElement, main: string) {
  root.innerHTML = `<header>Turnbook</header><main><div id="main">${main}</div></main>`;
}

/** The task's microtasks (a MutationObserver's callback) have run: no paint can come between. */
const endOfTask = () => Promise.resolve();

afterEach(() => {
  jest.useRealTimers();
  document.body.innerHTML = '';
});

describe('the signed-in first view', () => {
  it.each([
    ['when the app has drawn only its frame and loading states, then the view stays', '<div role="status">Loading…</div>', true],
    ['when the page’s heading arrives in #root, then the view is removed in the same task', '<div><h1>My appointments</h1><div role="status">Loading your account…</div></div>', false],
    ['when the app shows an error instead, then the view is removed', '<div role="alert">This page could not be loaded.</div>', false],
  ])('%s', async (_name, main, stays) => {
    const { view, root } = page();
    giveWayToApp(view, root, { pathname: '/appointments' });
    render(root, main);
    await endOfTask();
    expect(view.isConnected).toBe(stays);
  });

  it('when the app goes to another address (the login page, another role’s home), then the view is removed', async () => {
    const { view, root } = page();
    const location = { pathname: '/appointments' };
    giveWayToApp(view, root, location);
    location.pathname = '/login';
    root.innerHTML = '<main><form>Log in</form></main>';
    await endOfTask();
    expect(view.isConnected).toBe(false);
  });

  it('when the page never arrives, then the view is removed after the wait and the app’s own state shows', () => {
    jest.useFakeTimers();
    const { view, root } = page();
    giveWayToApp(view, root, { pathname: '/appointments' });
    jest.advanceTimersByTime(SIGNED_IN_VIEW_WAIT_MS - 1);
    expect(view.isConnected).toBe(true);
    jest.advanceTimersByTime(1);
    expect(view.isConnected).toBe(false);
  });
});

describe('signedInAs', () => {
  const storage = (values: Record<string, string>) => ({ getItem: (k: string) => values[k] ?? null });

  it('when the stored session has a token and the view’s role, then it is signed in as that role', () => {
    expect(signedInAs(storage({ access_token: 't', role: 'customer' }), 'customer')).toBe(true);
  });

  it('when there is no token, another role, or no storage (blocked), then it is not', () => {
    expect(signedInAs(storage({ role: 'customer' }), 'customer')).toBe(false);
    expect(signedInAs(storage({ access_token: 't', role: 'owner' }), 'customer')).toBe(false);
    expect(signedInAs(undefined, 'customer')).toBe(false);
    expect(signedInAs({ getItem: () => { throw new Error('blocked'); } }, 'customer')).toBe(false);
  });
});
