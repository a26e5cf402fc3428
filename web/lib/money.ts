export { formatRupees, formatRupeesWhole } from '../../shared/money';
