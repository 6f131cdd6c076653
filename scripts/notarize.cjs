// electron-builder `afterSign` hook: notarizes the signed macOS app with Apple, driven only by
// environment variables, so it is a no-op on other systems and wherever they are unset (local
// builds, forks, pull requests). Credentials, in order of preference:
//   APPLE_API_KEY (path to the .p8 key), APPLE_API_KEY_ID, APPLE_API_ISSUER
//   APPLE_ID, APPLE_APP_SPECIFIC_PASSWORD, APPLE_TEAM_ID
//   APPLE_KEYCHAIN_PROFILE (and optionally APPLE_KEYCHAIN)
// electron-builder's own notarization is switched off (mac.notarize: false) so this is the
// one place it happens.
const path = require('node:path');

/**
 * The @electron/notarize options for `appPath` from `env`, or null when no complete set of
 * credentials is given. Throws when a set is started but incomplete: a release build that
 * silently skips notarization would ship an app macOS refuses to open.
 */
function notarizeOptions(env, appPath) {
  const sets = [
    {
      names: ['APPLE_API_KEY', 'APPLE_API_KEY_ID', 'APPLE_API_ISSUER'],
      build: (v) => ({ appleApiKey: v[0], appleApiKeyId: v[1], appleApiIssuer: v[2] }),
    },
    {
      names: ['APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID'],
      build: (v) => ({ appleId: v[0], appleIdPassword: v[1], teamId: v[2] }),
    },
    {
      names: ['APPLE_KEYCHAIN_PROFILE'],
      build: (v) => ({
        keychainProfile: v[0],
        ...(env.APPLE_KEYCHAIN ? { keychain: env.APPLE_KEYCHAIN } : {}),
      }),
    },
  ];
  for (const set of sets) {
    const values = set.names.map((n) => env[n]);
    const given = values.filter((v) => typeof v === 'string' && v !== '');
    if (given.length === 0) continue;
    if (given.length < set.names.length) {
      const missing = set.names.filter((n) => !env[n]);
      throw new Error(`notarization: ${missing.join(', ')} not set (needed with ${set.names[0]})`);
    }
    return { appPath, ...set.build(values) };
  }
  return null;
}

async function afterSign(context) {
  if (context.electronPlatformName !== 'darwin') return;
  const appPath = path.join(context.appOutDir, `${context.packager.appInfo.productFilename}.app`);
  const options = notarizeOptions(process.env, appPath);
  if (!options) {
    console.log('  • notarization skipped: no Apple credentials in the environment');
    return;
  }
  const { notarize } = require('@electron/notarize');
  console.log(`  • notarizing ${appPath}`);
  await notarize(options);
}

module.exports = afterSign;
module.exports.default = afterSign;
module.exports.notarizeOptions = notarizeOptions;
