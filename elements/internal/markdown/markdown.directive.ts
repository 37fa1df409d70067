import { noChange, nothing } from 'lit';
import { AsyncDirective, directive } from 'lit/async-directive.js';
import { markdownRenderer } from './lazy-markdown.js';

/**
 * Renders markdown as sanitized DOM in a child position of a Lit template. Until the renderer's
 * chunk has loaded the source shows as plain text, so nothing waits on the network to appear.
 */
class MarkdownDirective extends AsyncDirective {
  private source: string | undefined;

  render(source: string): unknown {
    if (source === this.source) return noChange;
    this.source = source;
    const loaded = markdownRenderer.loaded;
    if (loaded) return loaded.toFragment(source);
    void markdownRenderer.load().then(
      (renderer) => {
        if (this.isConnected && this.source === source) this.setValue(renderer.toFragment(source));
      },
      (error: unknown) => {
        // The plain text already on screen stays readable; the failure is still worth a line.
        console.error(error);
      },
    );
    return source === '' ? nothing : source;
  }
}

export const markdown = directive(MarkdownDirective);
