/** Indian address and phone rules (see shared/reference/india.md of the project brief). */

export const PINCODE_PATTERN = /^[1-9][0-9]{5}$/;
const MOBILE_PATTERN = /^(?:\+91|91|0)?([6-9]\d{9})$/;

/** Strips spaces and hyphens and the +91/91/0 prefix; returns the 10 digits, or null if invalid. */
export function normalizeIndianMobile(input: string): string | null {
  const compact = input.replace(/[\s-]/g, '');
  const match = MOBILE_PATTERN.exec(compact);
  return match ? match[1]! : null;
}

export type IndianRegion = { name: string; gstCode: string; kind: 'state' | 'union-territory' };

export const INDIAN_STATES_AND_UTS: readonly IndianRegion[] = [
  { name: 'Andhra Pradesh', gstCode: '37', kind: 'state' },
  { name: 'Arunachal Pradesh', gstCode: '12', kind: 'state' },
  { name: 'Assam', gstCode: '18', kind: 'state' },
  { name: 'Bihar', gstCode: '10', kind: 'state' },
  { name: 'Chhattisgarh', gstCode: '22', kind: 'state' },
  { name: 'Goa', gstCode: '30', kind: 'state' },
  { name: 'Gujarat', gstCode: '24', kind: 'state' },
  { name: 'Haryana', gstCode: '06', kind: 'state' },
  { name: 'Himachal Pradesh', gstCode: '02', kind: 'state' },
  { name: 'Jharkhand', gstCode: '20', kind: 'state' },
  { name: 'Karnataka', gstCode: '29', kind: 'state' },
  { name: 'Kerala', gstCode: '32', kind: 'state' },
  { name: 'Madhya Pradesh', gstCode: '23', kind: 'state' },
  { name: 'Maharashtra', gstCode: '27', kind: 'state' },
  { name: 'Manipur', gstCode: '14', kind: 'state' },
  { name: 'Meghalaya', gstCode: '17', kind: 'state' },
  { name: 'Mizoram', gstCode: '15', kind: 'state' },
  { name: 'Nagaland', gstCode: '13', kind: 'state' },
  { name: 'Odisha', gstCode: '21', kind: 'state' },
  { name: 'Punjab', gstCode: '03', kind: 'state' },
  { name: 'Rajasthan', gstCode: '08', kind: 'state' },
  { name: 'Sikkim', gstCode: '11', kind: 'state' },
  { name: 'Tamil Nadu', gstCode: '33', kind: 'state' },
  { name: 'Telangana', gstCode: '36', kind: 'state' },
  { name: 'Tripura', gstCode: '16', kind: 'state' },
  { name: 'Uttar Pradesh', gstCode: '09', kind: 'state' },
  { name: 'Uttarakhand', gstCode: '05', kind: 'state' },
  { name: 'West Bengal', gstCode: '19', kind: 'state' },
  { name: 'Andaman and Nicobar Islands', gstCode: '35', kind: 'union-territory' },
  { name: 'Chandigarh', gstCode: '04', kind: 'union-territory' },
  { name: 'Dadra and Nagar Haveli and Daman and Diu', gstCode: '26', kind: 'union-territory' },
  { name: 'Delhi', gstCode: '07', kind: 'union-territory' },
  { name: 'Jammu and Kashmir', gstCode: '01', kind: 'union-territory' },
  { name: 'Ladakh', gstCode: '38', kind: 'union-territory' },
  { name: 'Lakshadweep', gstCode: '31', kind: 'union-territory' },
  { name: 'Puducherry', gstCode: '34', kind: 'union-territory' },
];

export const INDIAN_REGION_NAMES: readonly string[] = INDIAN_STATES_AND_UTS.map((r) => r.name);
