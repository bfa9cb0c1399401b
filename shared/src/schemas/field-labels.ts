/**
 * What each form field is called, on the form and in the API's validation messages alike, so a message reads
 * the same whichever side caught the problem.
 */
export const FIELD_LABELS = {
  name: 'Name',
  description: 'Description',
  max_members: 'Max Members',
  username: 'Username',
  password: 'Password',
} as const;
