// What the page knows, shared by its modules: the projects listed, the one open with its history, the planners
// offered, and whether a question is being answered.

export const state = { projects: [], project: null, history: null, models: [], asking: false };
