// Covers: scripts/report.ts, the Allure page `npm run report` writes: the tag-manager block Allure's
// template always adds is taken out, and a page that would still load from another host is named.
import { expect, test } from '../../fixtures/self.js';
import { thirdPartyLoads, withoutAnalytics } from '../../scripts/report.js';

test('the Allure page loads nothing from a third-party host: its analytics block is taken out, any other external load is named', () => {
  const page = `<body><script>window.allure = {};</script>
    <script async src="https://www.googletagmanager.com/gtag/js?id=G-X"></script>
    <script>
        window.dataLayer = window.dataLayer || [];
        function gtag(){dataLayer.push(arguments);}
        gtag('js', new Date());
        gtag('config', 'G-X', { "report": "awesome" });
    </script>
    <script>const data = "src=\\"https://example.test/in-data\\"";</script></body>`;
  const cleaned = withoutAnalytics(page);
  expect(cleaned).not.toContain('googletagmanager');
  expect(cleaned).not.toContain('gtag(');
  expect(cleaned).toContain('window.allure');
  expect(thirdPartyLoads(cleaned)).toEqual([]);
  expect(thirdPartyLoads('<link href="//cdn.example.test/a.css"><img src="https://x.test/p.png">')).toEqual([
    '//cdn.example.test/a.css',
    'https://x.test/p.png',
  ]);
});
