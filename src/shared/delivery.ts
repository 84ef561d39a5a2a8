/**
 * The delivery promise as pure rules (docs/decisions: delivery promise): pincodes, zones, working days.
 */

/** Whether an address's country is India (the only country with a pincode table). */
export const isIndia = (country: string) => ['india', 'in', 'ind'].includes(country.trim().toLowerCase());
