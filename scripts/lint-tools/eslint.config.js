// eslint settings for the JavaScript FrameScope serves to browsers (the shader page and its runtime, the dialog
// page, the capture console) and the Node test client. scripts/lint runs
// `eslint -c scripts/lint-tools/eslint.config.js` from the repository root, so the patterns are from there.
import js from "@eslint/js";
import globals from "globals";

const rules = {
    ...js.configs.recommended.rules,
    // `catch (notJson)` names what the failure means; the name is the comment.
    "no-unused-vars": ["error", { caughtErrors: "none" }],
};

export default [
    {
        files: ["src/main/resources/**/*.js"],
        languageOptions: { ecmaVersion: "latest", sourceType: "module", globals: globals.browser },
        rules,
    },
    {
        files: ["src/test/node/**/*.mjs"],
        languageOptions: { ecmaVersion: "latest", sourceType: "module", globals: globals.node },
        rules,
    },
];
