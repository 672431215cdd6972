// Shared client state: who I am, and a hook to redraw the current page.
export const app = {
  me: null,
  refreshMe: async () => {},
  rerender: () => {},
};
