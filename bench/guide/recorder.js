// Installed in every document of a benchmark run, as plain text: reports the page controller's agent
// events to node (`__guideBench`), what the subtitle bar paints, and whether an overlay covers the
// element a pointing action should have pointed at.
function recordGuideRun(pointAt, pointing) {
  const report = window.__guideBench;
  const covers = (selector) => {
    const expected = document.querySelector(selector);
    if (!expected) return false;
    const box = expected.getBoundingClientRect();
    const cx = box.left + box.width / 2;
    const cy = box.top + box.height / 2;
    const area = Math.max(box.width * box.height, 2000);
    const layer = document.querySelector('dddk-overlay-layer')?.shadowRoot;
    const overlays = layer ? [...layer.querySelectorAll('.overlay')] : [];
    const inView = cy >= 0 && cy <= innerHeight;
    return (
      inView &&
      overlays.some((overlay) => {
        const r = overlay.getBoundingClientRect();
        return r.left <= cx && cx <= r.right && r.top <= cy && cy <= r.bottom && r.width * r.height <= 8 * area;
      })
    );
  };
  const subtitleText = () => document.querySelector('dddk-subtitle')?.shadowRoot?.querySelector('[part="text"]')?.textContent?.trim() ?? '';
  let lastPainted = '';
  const watch = setInterval(() => {
    const text = subtitleText();
    if (text && text !== lastPainted) report({ type: 'painted', text });
    lastPainted = text;
  }, 40);
  const subscribe = (controller) => [
    controller.on('agent_narrate_complete', (event) => report({ type: 'narration', text: event.text })),
    controller.on('agent_tool_end', (event) => {
      if (!pointing.includes(String(event.name)) || !pointAt) return;
      // Checked at once, once painted, and once a smooth scroll to it has ended: the visitor saw it then.
      const now = covers(pointAt);
      requestAnimationFrame(() => {
        const painted = now || covers(pointAt);
        if (painted) return report({ type: 'point', ok: true });
        setTimeout(() => report({ type: 'point', ok: covers(pointAt) }), 900);
      });
    }),
    controller.on('agent_final', (event) => {
      // After the last pointing check has had its time.
      setTimeout(() => {
        clearInterval(watch);
        report({ type: 'final', reason: event.reason, path: location.pathname, subtitle: subtitleText() });
      }, 1200);
    }),
  ];
  // The page may replace its first controller (a JSON config, then the site's script): follow the
  // current default, and call the page ready once it has stayed the same for a while.
  const attach = async () => {
    await new Promise((resolve) => (document.readyState === 'complete' ? resolve(null) : addEventListener('load', resolve, { once: true })));
    const kit = await import('/dddk/dddk.min.js');
    let current;
    let unsubscribe = [];
    let stableSince = Date.now();
    let announced = false;
    setInterval(() => {
      const controller = kit.getDefaultController();
      if (controller !== current) {
        for (const off of unsubscribe) off();
        current = controller;
        unsubscribe = subscribe(controller);
        stableSince = Date.now();
      }
      if (!announced && Date.now() - stableSince > 400) {
        announced = true;
        report({ type: 'ready' });
      }
    }, 50);
  };
  void attach();
}
