// Start a browser tool on its page: once now, and again after Material's
// instant navigation (which swaps pages without reloading the scripts).
export function mountTool(rootId, setUp) {
  if (typeof document === "undefined") return; // imported by the Node tests
  const mount = () => {
    const root = document.getElementById(rootId);
    if (root && !root.dataset.mounted) {
      root.dataset.mounted = "true";
      setUp(root);
    }
  };
  mount();
  globalThis.document$?.subscribe?.(mount);
}
