/**
 * Two suites of one configuration: `fast` (`npm test`, every file but the slow ones) and `slow`
 * (`npm run test:slow`: test/**\/*.slow.test.ts, the soak, slow clients, real timeouts, fuzzing).
 * `npx jest <file>` runs a file in whichever suite it belongs to.
 */
const project = {
  rootDir: __dirname,
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
};

/** @type {import('jest').Config} */
module.exports = {
  projects: [
    { ...project, displayName: 'fast', testPathIgnorePatterns: ['/node_modules/', '\\.slow\\.test\\.ts$'] },
    { ...project, displayName: 'slow', testMatch: ['<rootDir>/test/**/*.slow.test.ts'] },
  ],
  // Jest reads these for the whole run, not per project.
  testTimeout: 20000,
  // Four at a time on two cores: the browser and server tests mostly wait (two used 1.2 cores of
  // the machine's 2). The slow suite runs two (package.json), where waits are what it measures.
  maxWorkers: 4,
  // Node's major checked (refused on CI when it is not package.json's), and a certificate for the
  // SMTP servers the tests start (see test/support/tls.ts).
  globalSetup: '<rootDir>/test/support/globalSetup.ts',
  globalTeardown: '<rootDir>/test/support/tlsTeardown.ts',
};
