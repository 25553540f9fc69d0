export * from './languages';
export * from './routes';
export * from './forms';
export * from './donations';
export * from './foundation';
export * from './turnstile';
export * from './format';
export * from './donor-links';
