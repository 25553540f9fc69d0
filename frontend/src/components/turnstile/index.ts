export { useTurnstile, type Turnstile } from './useTurnstile';
export { TurnstileError, TURNSTILE_REASONS, type TurnstileReason } from './loadTurnstile';
