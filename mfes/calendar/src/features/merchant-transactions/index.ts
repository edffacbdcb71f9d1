export { MerchantTransactions } from './merchant-transactions';
