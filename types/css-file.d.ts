/** A stylesheet imported `with { type: "file" }`: the bundler copies it into the build and the import is its URL. */
declare module "*.css" {
  const url: string;
  export default url;
}
