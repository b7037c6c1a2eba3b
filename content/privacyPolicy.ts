// When the privacy policy last changed, the same in every language (each writes the date its
// own way). Change it whenever the policy's text changes.
export const privacyPolicyUpdated = '2025-08-12';
