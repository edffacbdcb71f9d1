export { MyDayAcrossStores } from './my-day-across-stores';
