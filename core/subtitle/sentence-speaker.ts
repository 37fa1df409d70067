import { sentenceEnds } from './sentences.js';

/**
 * Hands a text-to-speech hook one whole sentence at a time as a text grows: each sentence once, as
 * soon as its end arrives, and the unfinished tail when the text is finished.
 */
export class SentenceSpeaker {
  private text = '';
  /** How far into `text` has been spoken. */
  private spokenTo = 0;

  constructor(private readonly speak: (sentence: string) => void) {}

  /** The text grew or changed; speaks the sentences it completed. */
  update(text: string): void {
    // A text that does not continue the spoken one (a replacement) starts over.
    if (!text.startsWith(this.text.slice(0, this.spokenTo))) this.spokenTo = 0;
    this.text = text;
    const ends = sentenceEnds(text, this.spokenTo);
    for (const end of ends) this.say(end);
  }

  /** The text is complete: speaks what is left of it. */
  flush(): void {
    this.say(this.text.length);
  }

  /** Forgets the text without speaking the rest (the bar was hidden). */
  reset(): void {
    this.text = '';
    this.spokenTo = 0;
  }

  private say(end: number): void {
    const sentence = this.text.slice(this.spokenTo, end).trim();
    this.spokenTo = end;
    if (sentence !== '') this.speak(sentence);
  }
}
