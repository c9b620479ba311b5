/** pg's own value preparation (pg/lib/utils.js), which @types/pg does not describe. */
declare module 'pg/lib/utils.js' {
  const utils: {
    /** The text pg sends for a parameter's value (a Buffer for bytes, null for null or undefined). */
    prepareValue(value: unknown): string | Buffer | null;
  };
  export default utils;
}
