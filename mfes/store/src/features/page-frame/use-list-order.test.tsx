import type { DragEndEvent } from '@dnd-kit/core';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { aService } from '@turnbook/web-kit/testing/fixtures';
import { mockApi, type MockAnswer } from '@turnbook/web-kit/testing/mock-api';
import type { ReactNode } from 'react';
import { fetchServices, saveServiceSortIndex, type Service } from '../services/service-model';
import { useListOrder } from './use-list-order';

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{children}</QueryClientProvider>
);

/** The services list of store 1 (A, B, C) in reorder mode's hook; `failOn` answers that service's save with a 500. */
function renderServicesOrder(failOn?: number) {
  const stored = [aService({ id: 1, name: 'A', sortIndex: 0 }), aService({ id: 2, name: 'B', sortIndex: 1 }), aService({ id: 3, name: 'C', sortIndex: 2 })];
  const saveOne =
    (id: number): MockAnswer =>
    (body) => {
      if (id === failOn) return { status: 500, body: { message: 'The server is down', code: 'internal' } };
      const s = stored.find((x) => x.id === id)!;
      s.sortIndex = (body as { sortIndex: number }).sortIndex;
      return { body: { service: s } };
    };
  const api = mockApi({
    'GET /api/getServicesByStoreId/1': () => ({ body: { services: stored.map((s) => ({ ...s })) } }),
    'POST /api/updateServiceSortIndex/1': saveOne(1),
    'POST /api/updateServiceSortIndex/2': saveOne(2),
    'POST /api/updateServiceSortIndex/3': saveOne(3),
  });
  const { result } = renderHook(
    () => {
      const services = useQuery({ queryKey: ['services', 1], queryFn: () => fetchServices(1) });
      return useListOrder<Service>(services, {
        saveSortIndex: saveServiceSortIndex,
        refresh: () => services.refetch(),
        errorText: (e) => `Not saved: ${(e as Error).message}`,
      });
    },
    { wrapper },
  );
  return { api, result };
}

const names = (list: Service[]) => list.map((s) => s.name);
const saves = (api: ReturnType<typeof mockApi>) => api.calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body]);

describe('useListOrder', () => {
  it("when an item is moved and saved, then each item's sort index is saved in the new order and the list is refreshed", async () => {
    const { api, result } = renderServicesOrder();
    await waitFor(() => expect(names(result.current.list)).toEqual(['A', 'B', 'C']));

    act(() => result.current.start());
    expect(result.current.reorder).toBe(true);
    act(() => result.current.move(3, -1));
    act(() => result.current.onDragEnd({ active: { id: 1 }, over: { id: 3 } } as DragEndEvent));
    expect(names(result.current.list)).toEqual(['C', 'A', 'B']);
    await act(() => result.current.save());

    expect(saves(api)).toEqual([
      ['/api/updateServiceSortIndex/3', { sortIndex: 0 }],
      ['/api/updateServiceSortIndex/1', { sortIndex: 1 }],
      ['/api/updateServiceSortIndex/2', { sortIndex: 2 }],
    ]);
    expect(api.callsTo('GET /api/getServicesByStoreId/1')).toHaveLength(2);
    expect(result.current.reorder).toBe(false);
    expect(result.current.error).toBeNull();
    expect(names(result.current.list)).toEqual(['C', 'A', 'B']);
  });

  it("when a save fails, then the list's error text is shown and reorder mode stays", async () => {
    const { api, result } = renderServicesOrder(1);
    await waitFor(() => expect(result.current.list).toHaveLength(3));

    act(() => result.current.start());
    act(() => result.current.move(2, -1));
    await act(() => result.current.save());

    expect(result.current.error).toBe('Not saved: The server is down');
    expect(result.current.reorder).toBe(true);
    expect(result.current.saving).toBe(false);
    expect(names(result.current.list)).toEqual(['B', 'A', 'C']);
    expect(saves(api)).toEqual([
      ['/api/updateServiceSortIndex/2', { sortIndex: 0 }],
      ['/api/updateServiceSortIndex/1', { sortIndex: 1 }],
    ]);
    expect(api.callsTo('GET /api/getServicesByStoreId/1')).toHaveLength(1);
  });
});
