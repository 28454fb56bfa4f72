//! WAV recordings for the recogniser: read any PCM WAV (8 or 16 bits, one channel or more,
//! any rate), turned into what it takes, 16 kHz, one channel, 16 bits; anything else refused
//! with what it is and how to make a WAV it takes.

use std::path::Path;

/// The rate the recogniser's model was trained at.
pub const RATE: u32 = 16_000;

/// How to make a WAV file the recogniser takes.
const FIX: &str = "record 16 kHz mono, or convert: sox IN -r 16000 -c 1 -b 16 OUT.wav";

/// A recording's samples at 16 kHz, one channel.
pub fn read16k(path: &Path) -> Result<Vec<i16>, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let name = path.display();
    if bytes.len() < 12 || &bytes[0..4] != b"RIFF" || &bytes[8..12] != b"WAVE" {
        return Err(format!("{name}: not a WAV file ({FIX})"));
    }
    let u16at = |b: &[u8], i: usize| u16::from_le_bytes([b[i], b[i + 1]]);
    let u32at = |b: &[u8], i: usize| u32::from_le_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]]);
    let (mut format, mut data) = (None, None);
    let mut at = 12;
    while at + 8 <= bytes.len() {
        let len = u32at(&bytes, at + 4) as usize;
        // Saturating: a damaged length near 4 GB must not wrap round on a 32-bit Pi.
        let end = (at + 8).saturating_add(len);
        let body = &bytes[at + 8..end.min(bytes.len())];
        match &bytes[at..at + 4] {
            b"fmt " if body.len() >= 16 => {
                format = Some((
                    u16at(body, 0),
                    u16at(body, 2).max(1) as usize,
                    u32at(body, 4),
                    u16at(body, 14),
                ))
            }
            b"data" => data = Some(body),
            _ => {}
        }
        at = end.saturating_add(len & 1);
    }
    let (Some((kind, channels, rate, bits)), Some(data)) = (format, data) else {
        return Err(format!(
            "{name}: a WAV file without its format or samples ({FIX})"
        ));
    };
    // 1: PCM; 0xFFFE: the extensible header, PCM in every WAV a recorder here writes.
    if !(kind == 1 || kind == 0xFFFE) || !(bits == 8 || bits == 16) || rate < 8_000 {
        return Err(format!(
            "{name}: {rate} Hz, {bits}-bit{}: not a recording the recogniser takes ({FIX})",
            if kind == 1 { "" } else { ", not PCM" }
        ));
    }
    let width = bits as usize / 8 * channels;
    let mono: Vec<f32> = data
        .chunks_exact(width)
        .map(|frame| {
            let sum: f32 = (0..channels)
                .map(|c| match bits {
                    8 => (frame[c] as f32 - 128.0) * 256.0,
                    _ => i16::from_le_bytes([frame[2 * c], frame[2 * c + 1]]) as f32,
                })
                .sum();
            sum / channels as f32
        })
        .collect();
    Ok(resample(&mono, rate))
}

/// Samples at `rate` to 16 kHz: each output sample the mean of the input over its span (a
/// box filter, enough against aliasing for speech) or, going up, the nearest two mixed.
fn resample(input: &[f32], rate: u32) -> Vec<i16> {
    if rate == RATE {
        return input.iter().map(|&s| s as i16).collect();
    }
    let step = rate as f64 / RATE as f64;
    let n = (input.len() as f64 / step) as usize;
    (0..n)
        .map(|i| {
            let (from, to) = (i as f64 * step, (i + 1) as f64 * step);
            let v = if step > 1.0 {
                let (a, b) = (
                    from as usize,
                    (to as usize).min(input.len()).max(from as usize + 1),
                );
                input[a..b.min(input.len())].iter().sum::<f32>() / (b - a) as f32
            } else {
                let a = from as usize;
                let t = (from - a as f64) as f32;
                let next = input.get(a + 1).copied().unwrap_or(input[a]);
                input[a] * (1.0 - t) + next * t
            };
            v.clamp(-32768.0, 32767.0) as i16
        })
        .collect()
}

/// A 16 kHz, one-channel, 16-bit WAV file of `samples`.
pub fn write16k(path: &Path, samples: &[i16]) -> Result<(), String> {
    let data = samples.len() as u32 * 2;
    let mut out = Vec::with_capacity(44 + data as usize);
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(36 + data).to_le_bytes());
    out.extend_from_slice(b"WAVEfmt ");
    out.extend_from_slice(&16u32.to_le_bytes());
    out.extend_from_slice(&1u16.to_le_bytes());
    out.extend_from_slice(&1u16.to_le_bytes());
    out.extend_from_slice(&RATE.to_le_bytes());
    out.extend_from_slice(&(RATE * 2).to_le_bytes());
    out.extend_from_slice(&2u16.to_le_bytes());
    out.extend_from_slice(&16u16.to_le_bytes());
    out.extend_from_slice(b"data");
    out.extend_from_slice(&data.to_le_bytes());
    for s in samples {
        out.extend_from_slice(&s.to_le_bytes());
    }
    std::fs::write(path, out).map_err(|e| format!("{}: {e}", path.display()))
}
