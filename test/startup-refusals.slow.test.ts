import { randomBytes } from 'node:crypto';
import { testRefusals } from './support/startup';

// Start-up's refusals, the variations of each kind (one of each is in test/startup.test.ts): a
// process of its own per case, `node dist/server.js` as the Procfile runs it, one line naming the
// variable, no secret echoed.

const production = { NODE_ENV: 'production', SMTP_URL: 'smtps://web:pw@smtp.example.dk' };
const editor = { ...production, EDITOR_REPO: 'praksis/hjemmeside', ADMIN_HOST: 'redaktion.example.dk' };
const plain = 'ab'.repeat(32);

describe('start-up refuses bad configuration with one line naming the variable: the variations', () => {
  testRefusals(
    [
      [{ PORT: '70000' }, /PORT must be a whole number/],
      [{ SMTP_URL: 'http://mail.example.dk' }, /^Configuration error: SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/],
      [
        { SMTP_URL: 'smtp://mail.example.dk?tls.rejectUnauthorized=false' },
        /^Configuration error: SMTP_URL takes no path or query/,
      ],
      [
        { SMTP_URL: 'smtp://localhost:1025', SMTP_INSECURE: 'yes' },
        /^Configuration error: SMTP_INSECURE must be 1 or unset/,
      ],
      [{ BASE_URL: 'www.example.dk' }, /BASE_URL must be an absolute http\(s\) URL/],
      [{ TRUST_PROXY: 'yes' }, /TRUST_PROXY must be a whole number/],
      [{ ...production, DYNO: 'web.1', TRUST_PROXY: '0' }, /^Configuration error: TRUST_PROXY must be 1 or more/],
      [{ MAIL_TO: 'nobody' }, /MAIL_TO must be an email address/],
      [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of/],
      [{ CONTACT_RATE_LIMIT: '0' }, /CONTACT_RATE_LIMIT must be a whole number/],
      [
        { WEB_CONCURRENCY: '0' },
        /^Configuration error: WEB_CONCURRENCY must be a whole number from 1 to 64 \(got "0"\)$/,
      ],
      [{ WEB_CONCURRENCY: 'auto' }, /WEB_CONCURRENCY must be a whole number from 1 to 64/],
      [{ WEB_CONCURRENCY: '65' }, /WEB_CONCURRENCY must be a whole number from 1 to 64/],
      [{ REDIS_URL: 'redis://:s3cret@' }, /REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/],
      [{ REDIS_URL: 'cache.example.com:6379' }, /REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/],
      [
        { REDIS_URL: 'rediss://:s3cret%zz@cache.example.com:6379' },
        /REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/,
      ],
      [{ REDIS_TLS_REJECT_UNAUTHORIZED: 'false' }, /REDIS_TLS_REJECT_UNAUTHORIZED must be 1 .* or 0/],
      // The editor in production: each part it needs, and nothing of it without EDITOR_REPO.
      [editor, /^Configuration error: EDITOR_GITHUB_CLIENT_ID must be set in production when the editor is on/],
      [
        { ...editor, EDITOR_GITHUB_CLIENT_ID: 'Iv23liTestClient0001' },
        /^Configuration error: EDITOR_GITHUB_CLIENT_SECRET must be set beside EDITOR_GITHUB_CLIENT_ID$/,
      ],
      [
        { ...production, ADMIN_HOST: 'redaktion.example.dk' },
        /^Configuration error: ADMIN_HOST only applies to the owner's editor, and EDITOR_REPO is not set$/,
      ],
      // Secrets too plain to be random, never echoed.
      [
        { BOOKING_CALENDAR_URL: 'docs/sample-calendar.ics', BOOKING_SECRET: plain },
        /^Configuration error: BOOKING_SECRET is not random: its 32 bytes have only 1 different values/,
      ],
      [
        {
          BOOKING_CALENDAR_URL: 'docs/sample-calendar.ics',
          BOOKING_SECRET: randomBytes(32).toString('hex'),
          BOOKING_VISITOR_SECRET: plain,
        },
        /^Configuration error: BOOKING_VISITOR_SECRET must be 32 to 256 letters, digits or \. _ ~ -, at least 8 of them different/,
      ],
    ],
    ['s3cret', plain],
  );
});
