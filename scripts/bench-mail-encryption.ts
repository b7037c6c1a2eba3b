import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import * as openpgp from 'openpgp';
import { loadMailKey, type MailKey } from '../server/mail/key';
import { protectedMail } from '../server/mail/message';
import { composeContactMail } from '../server/mail/contactMail';

// What encryption adds to a contact post: the time to compose the practice's mail, plain and
// encrypted to an OpenPGP key (Curve25519, RSA 3072) or an S/MIME certificate (RSA 2048, 3072),
// a message of about 2 kB. `npm run bench:mail`; figures in docs/privacy.md ("What it costs").

const RUNS = 200;
const config = { mailTo: 'praksis@example.dk', mailFrom: 'Hjemmesiden <web@example.dk>' };
const message = {
  name: 'Anna Hansen',
  email: 'anna@example.com',
  phone: '12345678',
  message: 'Hej, jeg vil gerne booke en samtale.\n'.repeat(55),
  consent: true,
};

async function measure(label: string, key: MailKey | null) {
  const times: number[] = [];
  for (let i = 0; i < 20; i++)
    await protectedMail(composeContactMail(config, message, new Date(), 'da'), key, new Date()); // warm-up
  const cpu = process.cpuUsage();
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await protectedMail(composeContactMail(config, message, new Date(), 'da'), key, new Date());
    times.push(performance.now() - start);
  }
  const used = process.cpuUsage(cpu);
  times.sort((a, b) => a - b);
  const at = (q: number) => (times[Math.floor(q * (times.length - 1))] as number).toFixed(2);
  // CPU time says what it costs even on a busy machine, where the wall-clock figures wait for a core.
  const cpuMs = ((used.user + used.system) / 1000 / RUNS).toFixed(2);
  console.log(`| ${label} | ${cpuMs} ms | ${at(0.5)} ms | ${at(0.95)} ms |`);
}

function smimeCert(bits: number): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-smime-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        `rsa:${bits}`,
        '-nodes',
        '-keyout',
        path.join(dir, 'k.pem'),
        '-out',
        path.join(dir, 'c.pem'),
        '-days',
        '30',
        '-subj',
        '/CN=Bench',
      ],
      { stdio: 'ignore' },
    );
    return readFileSync(path.join(dir, 'c.pem'), 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const userIDs = [{ email: 'praksis@example.dk' }];
  const ecc = await openpgp.generateKey({ userIDs, type: 'ecc', curve: 'curve25519Legacy' });
  const rsa = await openpgp.generateKey({ userIDs, type: 'rsa', rsaBits: 3072 });
  const load = (variable: 'MAIL_OPENPGP_KEY' | 'MAIL_SMIME_CERT', text: string) =>
    loadMailKey({ mailKey: { variable, text } });
  console.log('| Mail | CPU per mail | Median (wall) | p95 (wall) |\n|---|---|---|---|');
  await measure('plain (composed only)', null);
  await measure('OpenPGP Curve25519', await load('MAIL_OPENPGP_KEY', ecc.publicKey));
  await measure('OpenPGP RSA 3072', await load('MAIL_OPENPGP_KEY', rsa.publicKey));
  await measure('S/MIME RSA 2048', await load('MAIL_SMIME_CERT', smimeCert(2048)));
  await measure('S/MIME RSA 3072', await load('MAIL_SMIME_CERT', smimeCert(3072)));
}

void main();
