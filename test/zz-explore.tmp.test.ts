import { startBuiltServer } from './support/builtServer';
import { raw } from './support/rawHttp';
test('explore', async () => {
  const s = await startBuiltServer({ OUTBOX_DIR: '/tmp/outbox-23-explore', TRUST_PROXY: '1' });
  try {
    for (const target of ['/%00', '/assets/%2e%2e/x', '/assets/%00', '/%2e%2e/', '/kontakt%00', '/' + '/'.repeat(15000), '/\\evil.example/']) {
      const a = await raw(s.port, { target });
      console.log(JSON.stringify(target.slice(0, 30)), a.status, Math.round(a.ms), a.headers.location?.slice(0, 40), a.headers['cache-control']);
    }
    await new Promise((r) => setTimeout(r, 300));
    console.log(s.lines().filter((l) => (l.level as number) > 30 || l.msg === 'request refused').map((l) => JSON.stringify(l).slice(0, 300)).join('\n'));
  } finally { s.kill(); }
}, 30000);
