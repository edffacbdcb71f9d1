import { act } from '@testing-library/react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { giveWayToPage } from '../first-view/slot';
import { FirstView } from './first-view';

type Content = 'loading' | 'again' | 'page';

/** <main> as the rich layout renders it: the first view, then the route's loading state or its content. */
function Main({ content = 'loading' }: { content?: Content }) {
  return (
    <main>
      <FirstView />
      {content === 'page' ? <article>the page</article> : <p role="status">{content === 'loading' ? 'Loading…' : 'Loading the store…'}</p>}
    </main>
  );
}

/** The document as the prerender wrote it, its first view filled by the page's script (which keeps it), then hydrated. */
async function hydrateFilled() {
  const container = document.createElement('div');
  container.innerHTML = '<main><div id="tb-first-view" class="tb-first-view" data-ready=""><h1>lotus nail spa</h1></div><p role="status">Loading…</p></main>';
  document.body.appendChild(container);
  const slot = container.querySelector<HTMLElement>('#tb-first-view')!;
  giveWayToPage(slot);
  const errors: unknown[] = [];
  const page = (content: Content) => (
    <MemoryRouter initialEntries={['/booking/lotus-nail-spa']}>
      <Main content={content} />
    </MemoryRouter>
  );
  let root: Root | undefined;
  await act(async () => {
    root = hydrateRoot(container, page('loading'), { onRecoverableError: (e) => errors.push(e) });
  });
  const show = (content: Content) => act(async () => root!.render(page(content)));
  return { slot, errors, show };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the first view', () => {
  it('when the page hydrates and the route shows loading states, then the filled first view stays as it is', async () => {
    const { slot, errors, show } = await hydrateFilled();
    expect(errors).toEqual([]);
    await show('again');
    expect(slot.isConnected).toBe(true);
    expect(slot.querySelector('h1')?.textContent).toBe('lotus nail spa');
    expect(slot.dataset.ready).toBe('');
  });

  it('when the route’s own content arrives, then the first view is emptied and hidden', async () => {
    const { slot, show } = await hydrateFilled();
    await show('page');
    expect(document.querySelector('article')?.textContent).toBe('the page');
    expect(slot.childElementCount).toBe(0);
    expect(slot.dataset.ready).toBeUndefined();
  });

  it('when the page’s content is already there as the first view is filled, then it gives way at once', () => {
    document.body.innerHTML = '<main><div id="tb-first-view" data-ready=""><h1>card</h1></div><article>the page</article></main>';
    const slot = document.getElementById('tb-first-view')!;
    giveWayToPage(slot);
    expect(slot.childElementCount).toBe(0);
  });

  it('when the document came without a first view, then none is rendered', async () => {
    const container = document.createElement('div');
    document.body.appendChild(container);
    await act(async () => {
      createRoot(container).render(
        <MemoryRouter initialEntries={['/booking/lotus-nail-spa']}>
          <Main />
        </MemoryRouter>,
      );
    });
    expect(container.querySelector('#tb-first-view')).toBeNull();
  });
});
