/** The embeddable widget is plain browser JavaScript, imported as text so the binary carries it. */
declare module "*.client.js" {
  const text: string;
  export default text;
}
