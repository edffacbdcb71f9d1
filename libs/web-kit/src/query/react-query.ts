// The TanStack Query surface every Turnbook build shares as the '@tanstack/react-query' singleton (see
// build/shared-singletons.mjs). A shared module cannot be tree-shaken: the whole package (hydration, suspense
// hooks, prefetching, persistence helpers) is ~13.8 KB gzip where what the screens use is ~11.9 KB. Need
// another export? Add it here; the shell and the modules pick it up on their next build.
// Imported by path: the package's own name would be the shared module itself.
export {
  QueryClient,
  QueryClientProvider,
  QueryObserver,
  hashKey,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
} from '../../../../node_modules/@tanstack/react-query/build/modern/index.js';
