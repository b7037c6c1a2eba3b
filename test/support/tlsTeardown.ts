import { rmSync } from 'node:fs';

export default function tlsTeardown(): void {
  if (process.env.TEST_TLS_DIR) rmSync(process.env.TEST_TLS_DIR, { recursive: true, force: true });
}
