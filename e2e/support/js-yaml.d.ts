// js-yaml ships without types (a dependency of the tool chain; only the test support reads YAML).
declare module "js-yaml" {
  const yaml: { load(text: string): unknown };
  export default yaml;
}
