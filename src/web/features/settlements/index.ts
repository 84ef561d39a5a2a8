/**
 * The router (#web/app/router.tsx) loads this feature's pages lazily. Other features use only what is
 * exported here: the seller's payout account card (the profile page shows it).
 */
export { SellerPayoutAccountCard } from './components/payout-account-form.tsx';
