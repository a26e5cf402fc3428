/**
 * The privacy notice's version: the date of its last change. Sign-up and every consent record
 * keep the version the customer saw (DPDP Act s. 5 and 6), so change this with the notice's text
 * (web/content/policies/privacy.ts shows it as "Last updated").
 */
export const PRIVACY_NOTICE_VERSION = '2026-11-26';
