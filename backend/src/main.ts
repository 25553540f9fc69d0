import { Logger } from 'nestjs-pino';
import { describeConfig, loadConfigOrExit } from './config/app-config';
import { createApp } from './app.factory';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const app = await createApp(config);
  app.get(Logger).log({ config: describeConfig(config) }, 'effective configuration');
  await app.listen(config.site.port, config.site.host);
}

void main();
