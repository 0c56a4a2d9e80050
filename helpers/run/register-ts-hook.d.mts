// helpers/run/register-ts-hook.mjs has no exports: importing it registers the hook.
export {};
