declare const __SIGHTLINE_VERSION__: string | undefined;

/** Injected by the build; tests and tsx runs read it from package.json's default. */
export const APP_VERSION: string =
  typeof __SIGHTLINE_VERSION__ === 'string' ? __SIGHTLINE_VERSION__ : '0.0.0-dev';
