export { chooseStore, type ChosenStore } from './choose-store';
export { useStoreAccess } from './use-store-access';
export { locationKeys, useLocations } from './use-locations';
