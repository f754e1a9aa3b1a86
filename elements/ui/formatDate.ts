/** Dates as the page's language writes them (elements/i18n/format.ts). */
export { formatDate, formatDateTime } from '../i18n/format';
