/** The `email-providers` package (a JSON list of public email provider domains) ships no types. */
declare module 'email-providers' {
  const domains: string[];
  export default domains;
}
