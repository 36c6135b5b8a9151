/** The invitation's chime (see `invite.ts`, which says when it plays). */

/** Plays a short, quiet two-note chime from an oscillator on `audio`. */
export function playChime(audio: AudioContext): void {
  if (audio.state === 'suspended') void audio.resume().catch(() => undefined);
  const start = audio.currentTime + 0.01;
  const gain = audio.createGain();
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(0.05, start + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.35);
  gain.connect(audio.destination);
  const tone = audio.createOscillator();
  tone.type = 'sine';
  tone.frequency.setValueAtTime(880, start);
  tone.frequency.setValueAtTime(660, start + 0.12);
  tone.connect(gain);
  tone.start(start);
  tone.stop(start + 0.36);
}
