/**
 * A short two-tone chime made with Web Audio (no sound file to fetch). Browsers start audio only after a
 * gesture on the page: `unlock` on a click, and until then `blocked` says so.
 */
export class Chime {
  private context: AudioContext | null = null;

  private audio(): AudioContext | null {
    if (this.context) return this.context;
    const Ctor = window.AudioContext as typeof AudioContext | undefined;
    if (!Ctor) return null;
    this.context = new Ctor();
    return this.context;
  }

  get blocked(): boolean {
    const ctx = this.audio();
    return !!ctx && ctx.state !== 'running';
  }

  async unlock(): Promise<void> {
    await this.audio()?.resume();
  }

  play(): void {
    const ctx = this.audio();
    if (!ctx || ctx.state !== 'running') return;
    const start = ctx.currentTime;
    [880, 660].forEach((frequency, i) => {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = 'sine';
      osc.frequency.value = frequency;
      const at = start + i * 0.28;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.3, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.26);
      osc.connect(gain).connect(ctx.destination);
      osc.start(at);
      osc.stop(at + 0.27);
    });
  }

  close(): void {
    void this.context?.close();
    this.context = null;
  }
}
