/**
 * The check of the conversations' pushed message event, loaded with the first such event
 * (decision 0039): it guards what arrives on the event stream, and its zod schema stays off the
 * first screen.
 */
export { messageEvent } from '@turnout/shared';
