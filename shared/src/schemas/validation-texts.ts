import { FIELD_LABELS } from './field-labels';
import { MAX_MEMBERS_MAX, MAX_MEMBERS_MIN } from './limits';

/** A labelled field left empty: "Name is required" (no full stop; tests outside the repository match it). */
export const requiredMessage = (label: string) => `${label} is required`;

/** Max Members outside its range or not a whole number. */
export const MAX_MEMBERS_RANGE_MESSAGE = `${FIELD_LABELS.max_members} must be a whole number between ${MAX_MEMBERS_MIN} and ${MAX_MEMBERS_MAX}.`;
