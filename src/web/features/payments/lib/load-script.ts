const loading = new Map<string, Promise<void>>();

/**
 * Add a provider's script (checkout.js, the PayPal SDK) once per page; later calls share the promise.
 * A failed load is forgotten so the next attempt tries again; it rejects with `failure`, in the page's language.
 */
export function loadScript(src: string, failure: string): Promise<void> {
  let p = loading.get(src);
  if (!p) {
    p = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        loading.delete(src);
        script.remove();
        reject(new Error(failure));
      };
      document.head.appendChild(script);
    });
    loading.set(src, p);
  }
  return p;
}
