// Allure 3 configuration of `npm run report`: one HTML file that opens from disk (no server),
// tests grouped by service (epic), resource (feature) and operation (story).
export default {
  name: 'Payments contract suite',
  output: './reports/allure-report',
  plugins: {
    awesome: {
      options: { singleFile: true, reportLanguage: 'en', groupBy: ['epic', 'feature', 'story'] },
    },
  },
};
