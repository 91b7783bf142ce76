/** vnu-jar exports the path of the bundled W3C Nu HTML Checker jar. */
declare module 'vnu-jar' {
  const jarPath: string;
  export default jarPath;
}
