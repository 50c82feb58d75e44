/** The id of this build (`builds/latest.json` names the live one); `dev` outside production builds. */
declare const __BUILD_ID__: string
