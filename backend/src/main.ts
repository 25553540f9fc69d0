import { loadConfigOrExit } from './config/app-config';
import { createApp } from './app.factory';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const app = await createApp(config);
  await app.listen(config.port, config.host);
}

void main();
