/** Numbers and euro amounts: the formatters in contracts, shared with the donor emails. */
export { formatEuro, formatNumber } from '@stichting/contracts';
