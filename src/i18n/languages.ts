// The languages belong to the contract the pages share with the API; the pages import them from here.
export { type Lang, languages } from '../../functions/contract.ts';
