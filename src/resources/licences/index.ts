export { default as LicenceList } from './LicenceList';
export { default as LicencePage } from './LicencePage';
export { default as LicenceAssign } from './LicenceAssign';
export { InviteCreditNotice, LowCreditBanner } from './CreditNotice';
