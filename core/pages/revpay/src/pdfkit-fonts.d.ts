/** pdfkit's standard font metrics (its `./standard-fonts/*` exports), registered with its browser build. */
declare module 'pdfkit/standard-fonts/*' {
  const font: { name: string };
  export default font;
}
