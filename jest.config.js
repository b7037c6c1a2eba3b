/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  // PKI.js (S/MIME, server/mail/smime.ts) and its dependencies, and jose (booking's answer links), are ES modules only: compiled for jest like our own code.
  transformIgnorePatterns: ['/node_modules/(?!(pkijs|asn1js|bytestreamjs|@peculiar|@noble|jose)/)'],
  testTimeout: 20000,
  // Two at a time: the browser and server tests mostly wait, and the whole run stays well under 5 minutes.
  maxWorkers: 2,
  // Node's major checked (refused on CI when it is not package.json's), and a certificate for the
  // SMTP servers the tests start (see test/support/tls.ts).
  globalSetup: '<rootDir>/test/support/globalSetup.ts',
  globalTeardown: '<rootDir>/test/support/tlsTeardown.ts',
};
