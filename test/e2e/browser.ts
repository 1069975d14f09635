/** What the browser suites share: the installed Chromium, its flags, where screenshots go, a desktop user agent. */
import path from 'node:path';

export { freePort } from '../api/limits/redis-server.ts';

export const CHROMIUM = '/usr/bin/chromium';
export const OUT = path.resolve(import.meta.dirname, '../../test-output/e2e');
export const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
export const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
