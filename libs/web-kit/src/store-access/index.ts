export { useStoreAccess } from './use-store-access';
