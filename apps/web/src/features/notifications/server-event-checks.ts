/**
 * The checks of the server's pushed events, loaded with the first event (decision 0039): they
 * guard what arrives on the event stream, and their zod schemas stay off the first screen.
 */
export { messageEvent, unreadEvent } from '@turnout/shared';
