// The operator's HEALTHZ_TOKEN in every test server (in-process and built), and the header that
// shows it: /healthz's details and /healthz/mail's codes are for the operator only.

export const OPERATOR_TOKEN = 'operator-token-of-the-tests-0123456789';
export const asOperator = { Authorization: `Bearer ${OPERATOR_TOKEN}` };
