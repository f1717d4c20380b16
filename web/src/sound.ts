// Sounds synthesized with WebAudio: no audio files to ship.

export type SoundName = 'move' | 'capture' | 'check' | 'end';

export class Sounds {
  enabled = true;
  private ctx?: AudioContext;

  play(name: SoundName) {
    if (!this.enabled) return;
    try {
      this.ctx ??= new AudioContext();
      const t = this.ctx.currentTime;
      switch (name) {
        case 'move': this.tone(t, 520, 0.06, 'triangle', 0.25); break;
        case 'capture': this.tone(t, 300, 0.09, 'square', 0.18); this.tone(t + 0.05, 200, 0.08, 'square', 0.12); break;
        case 'check': this.tone(t, 880, 0.09, 'sawtooth', 0.12); this.tone(t + 0.1, 988, 0.09, 'sawtooth', 0.12); break;
        case 'end': [523, 659, 784].forEach((f, i) => this.tone(t + i * 0.12, f, 0.18, 'sine', 0.25)); break;
      }
    } catch {
      // no audio device: stay silent
    }
  }

  // tone plays a short note with a fast attack and an exponential decay.
  private tone(at: number, freq: number, dur: number, type: OscillatorType, vol: number) {
    const ctx = this.ctx!;
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = type;
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(vol, at + 0.005);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + dur);
    osc.connect(gain).connect(ctx.destination);
    osc.start(at);
    osc.stop(at + dur + 0.02);
  }
}
