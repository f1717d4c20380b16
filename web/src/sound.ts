// Sounds synthesized with WebAudio: no audio files to ship.

export type SoundName = 'move' | 'capture' | 'check' | 'end' | 'blast';

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
        case 'blast': this.boom(t); this.tone(t, 90, 0.35, 'sine', 0.4); break;
      }
    } catch {
      // no audio device: stay silent
    }
  }

  // boom plays half a second of white noise through a falling low-pass
  // filter: a mine going off.
  private boom(at: number) {
    const ctx = this.ctx!;
    const len = Math.floor(ctx.sampleRate * 0.5);
    const buf = ctx.createBuffer(1, len, ctx.sampleRate);
    const data = buf.getChannelData(0);
    for (let i = 0; i < len; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / len) ** 2;
    const src = ctx.createBufferSource();
    src.buffer = buf;
    const filter = ctx.createBiquadFilter();
    filter.type = 'lowpass';
    filter.frequency.setValueAtTime(2400, at);
    filter.frequency.exponentialRampToValueAtTime(120, at + 0.5);
    const gain = ctx.createGain();
    gain.gain.value = 0.6;
    src.connect(filter).connect(gain).connect(ctx.destination);
    src.start(at);
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
