#!/usr/bin/env bash
# Finds a Chromium for the suite's browser checks (the certification page, the stand-in's Connect
# page) and exports it as CHROMIUM_PATH (helpers/client/browser.ts). GitHub's Ubuntu images ship a Chromium
# build linked at /usr/bin/chromium, and Google Chrome; elsewhere Debian's `chromium` package is
# installed (Ubuntu's own `chromium-browser` is a snap wrapper, not used; never `playwright install`).
# Without any, the browser checks skip with their reason, so this never fails the job.
found=""
for candidate in /usr/bin/chromium /usr/local/share/chromium/chrome-linux/chrome /opt/google/chrome/chrome; do
  if [ -x "$candidate" ]; then found="$candidate"; break; fi
done
if [ -z "$found" ] && (sudo apt-get update -qq && sudo apt-get install -y -qq chromium) && [ -x /usr/bin/chromium ]; then
  found=/usr/bin/chromium
fi
if [ -n "$found" ]; then
  echo "CHROMIUM_PATH=$found" >> "$GITHUB_ENV"
  "$found" --version || true
else
  echo "::warning::no Chromium here: the browser checks will skip"
fi
